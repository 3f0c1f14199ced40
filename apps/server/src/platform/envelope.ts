import { envelopeA, errorEnvelope, SUCCESS_CODE } from '@patrol/contracts';
import type { z } from 'zod';

/** The message of every success envelope. */
export const SUCCESS_MESSAGE = 'success';

/** Wraps data in envelope A: `{code: 200, message, data}`. */
export function ok<T>(data: T): { code: number; message: string; data: T } {
  return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data };
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

/**
 * The response schemas of a route: its success envelope plus the error envelopes it can answer
 * with. 422 and 500 are always possible, so they are always listed.
 */
export function responses<T extends z.ZodType>(data: T, ...errors: ErrorStatus[]) {
  const out: Record<number, z.ZodType> = { 200: envelopeA(data) };
  for (const status of new Set<ErrorStatus>([...errors, 422, 500])) out[status] = errorEnvelope;
  return out as { 200: ReturnType<typeof envelopeA<T>> } & Record<number, z.ZodType>;
}

/** Error statuses of a route that needs a signed-in user. */
export const SESSION_ERRORS = [401, 403] as const;
