import { z } from 'zod';
import { INT4_MAX } from './fields.js';

/** Envelope A: `{code, message, data}`, code 200 on success. Used by every call but updatePwd. */
export const envelopeA = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });
export type EnvelopeA<T> = { code: number; message: string; data: T };

/** Envelope B: `{state, msg, message, data}`, state 0 on failure. Kept for updatePwd (spec section 7). */
export const envelopeB = <T extends z.ZodType>(data: T) =>
  z.object({ state: z.union([z.literal(0), z.literal(1)]), msg: z.string(), message: z.string(), data });
export type EnvelopeB<T> = { state: 0 | 1; msg: string; message: string; data: T };

/** An error answer; the HTTP status equals `code`. `errors` lists field problems for 422. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The page request shared by every list: 1-based `index` and a page size. */
export const pageQuery = z.object({
  index: z.coerce.number().int().min(1).max(INT4_MAX, 'validation.outOfRange').default(1),
  size: z.coerce.number().int().min(1).max(200).optional(),
});

export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });
export type Page<T> = { rows: T[]; total: number };
