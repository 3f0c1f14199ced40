/**
 * Why a call failed: `http` an envelope A code other than 200 (or a bare HTTP error),
 * `state` an envelope B answer with state 0, `unauthorized` code 401, `network` no answer,
 * `timeout` no answer within the request time-out.
 */
export type ApiErrorKind = 'http' | 'state' | 'unauthorized' | 'network' | 'timeout';

/** The error every call of the api client rejects with; `message` is ready to show. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  /** Field problems of a 422 answer (`path` is the field, `message` already translated by the server). */
  readonly fields: FieldProblem[];
  /**
   * The caller shows this failure itself (`silent` call option): the query cache does not report
   * it, and a 401 does not end the session.
   */
  silent = false;

  constructor(kind: ApiErrorKind, code: number, message: string, fields: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }
}

export type FieldProblem = { path: string; message: string };

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
