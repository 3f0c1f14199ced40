import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorEnvelope, type Language } from '@patrol/contracts';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { requestLanguage, translateValidation } from './i18n.js';
import { translate } from '@patrol/contracts';
import { isDatabaseUnavailable } from './db.js';

export type ErrorStatus = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export type FieldError = { path: string; message: string };
/** A field an AppError is about: its path, the message key and the key's parameters. */
export type FieldRefusal = { path: string; key: string; params?: Record<string, string | number> | undefined };

/**
 * An error the API answers on purpose: an HTTP status (equal to the envelope code) and a message
 * key from the contracts, translated into the request's language when it is sent.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly key: string;
  readonly params: Record<string, string | number> | undefined;
  /** Fields the refusal is about (e.g. a code already taken), shown under them by the console. */
  readonly fields: FieldRefusal[] | undefined;

  constructor(status: ErrorStatus, key: string, params?: Record<string, string | number>, fields?: FieldRefusal[]) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.params = params;
    this.fields = fields;
  }
}

/** 409: a value of one field clashes with stored data (a code or account already taken). */
export const conflictOn = (path: string, key: string) => new AppError(409, key, undefined, [{ path, key }]);

export const unauthorized = (key = 'errors.unauthorized') => new AppError(401, key);
export const forbidden = (key = 'errors.forbidden', params?: Record<string, string | number>) =>
  new AppError(403, key, params);
export const notFound = (key = 'errors.notFound') => new AppError(404, key);
export const tooManyRequests = (key = 'errors.tooManyRequests', params?: Record<string, string | number>) =>
  new AppError(429, key, params);

/** 503: the database did not answer within its deadline or refused the connection. */
export const databaseUnavailable = () => new AppError(503, 'errors.databaseUnavailable');
/** 503: the message broker did not take a publish within its deadline or is not connected. */
export const messageServiceUnavailable = () => new AppError(503, 'errors.messageServiceUnavailable');

export function errorBody(
  lang: Language,
  status: ErrorStatus,
  key: string,
  params?: Record<string, string | number>,
  errors?: FieldError[],
): ErrorEnvelope {
  const body: ErrorEnvelope = { code: status, message: translate(lang, key, params), data: null };
  if (errors) body.errors = errors;
  return body;
}

const KNOWN_STATUSES = new Set<number>(Object.values(ERROR_CODES));

/** `/userIds/0` → `userIds.0`; the form field a console shows the message under. */
const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');

/**
 * PostgreSQL's refusals of a value itself (SQLSTATE class 22, data exception): a NUL or a byte
 * sequence text cannot hold (22021, 22P05), a number beyond its column (22003), text that is not
 * the column's type (22P02), text too long (22001), a bad or overflowing date (22007, 22008, 22009). The
 * contracts' schemas refuse these first; this is the net for what they miss.
 */
const VALUE_REFUSALS = new Set(['22021', '22P05', '22003', '22P02', '22001', '22007', '22008', '22009']);

/** The SQLSTATE of a database error, looking through wrappers (Drizzle's query error) by `cause`. */
export function sqlStateOf(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Sends an API 404 for a route that does not exist. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '';
  return reply
    .code(404)
    .send(errorBody(requestLanguage(request), 404, 'errors.routeNotFound', { method: request.method, url }));
}

/**
 * One place turns every error into an envelope: the HTTP status equals `code`, the message is
 * translated, validation problems list their fields, and nothing of a stack ever leaves the server.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const lang = requestLanguage(request);

    if (error instanceof AppError) {
      const fields = error.fields?.map((f) => ({ path: f.path, message: translate(lang, f.key, f.params) }));
      return reply.code(error.status).send(errorBody(lang, error.status, error.key, error.params, fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath),
        message: translateValidation(lang, issue.message ?? ''),
      }));
      return reply.code(422).send(errorBody(lang, 422, 'errors.validation', undefined, errors));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(lang, 500, 'errors.server'));
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send(errorBody(lang, 503, 'errors.databaseUnavailable'));
    }

    const sqlState = sqlStateOf(error);
    if (sqlState !== undefined && VALUE_REFUSALS.has(sqlState)) {
      request.log.warn({ sqlState }, 'the database refused a value of the request');
      return reply.code(400).send(errorBody(lang, 400, 'errors.unstorableValue'));
    }

    if ((error as FastifyError).code === 'FST_ERR_VALIDATION') {
      // A schema's own check threw on input of an unexpected shape: still the caller's input.
      request.log.info({ err: error }, 'a request schema threw');
      return reply.code(422).send(errorBody(lang, 422, 'errors.validation'));
    }

    const statusCode = (error as FastifyError).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Framework refusals (malformed JSON, wrong content type, body too large...).
      request.log.info({ code: (error as FastifyError).code, statusCode }, error.message);
      const status = (KNOWN_STATUSES.has(statusCode) ? statusCode : 400) as ErrorStatus;
      const key = status === 400 ? 'errors.badRequest' : keyOf(status);
      return reply.code(status).send(errorBody(lang, status, key));
    }

    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(lang, 500, 'errors.server'));
  });
}

function keyOf(status: ErrorStatus): string {
  const name = (Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]).find((k) => ERROR_CODES[k] === status);
  return `errors.${name ?? 'server'}`;
}
