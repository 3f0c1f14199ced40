import { z } from 'zod';
import { serverList } from './servers.js';

/** The diagnostics code: long enough that the attempt limit leaves it unguessable. */
export const DIAGNOSTICS_CODE = { min: 8, max: 64 } as const;
/** How long a code may work: up to 30 days, or until it is cleared. */
export const DIAGNOSTICS_MAX_HOURS = 30 * 24;

export const diagnosticsCode = z
  .string({ error: 'diagnostics.codeRequired' })
  .trim()
  .min(1, { message: 'diagnostics.codeRequired', abort: true })
  .min(DIAGNOSTICS_CODE.min, 'diagnostics.codeLength')
  .max(DIAGNOSTICS_CODE.max, 'diagnostics.codeLength')
  .regex(/^\S+$/, 'diagnostics.codeFormat');

/**
 * POST system-server/diagnostics/code/set: the code in clear (it travels in the /debug URL
 * anyway), stored hashed; named `passcode` so the operation log masks it like a password.
 */
export const setDiagnosticsCodeRequest = z.object({
  passcode: diagnosticsCode,
  /** Hours from now until the code stops working; none: until it is cleared. */
  validHours: z
    .number({ error: 'diagnostics.validHoursInvalid' })
    .int('diagnostics.validHoursInvalid')
    .min(1, 'diagnostics.validHoursInvalid')
    .max(DIAGNOSTICS_MAX_HOURS, 'diagnostics.validHoursInvalid')
    .nullable()
    .optional(),
});
export type SetDiagnosticsCodeRequest = z.input<typeof setDiagnosticsCodeRequest>;

/** GET system-server/diagnostics/code: whether a code is set, by whom, until when (never the code). */
export const diagnosticsCodeStatus = z.object({
  set: z.boolean(),
  setByName: z.string().nullable(),
  setAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Set, but past its expiry: it opens nothing. */
  expired: z.boolean(),
});
export type DiagnosticsCodeStatus = z.infer<typeof diagnosticsCodeStatus>;

/** GET system-server/diagnostics?code= */
export const diagnosticsQuery = z.object({ code: z.string().max(200).optional() });
export type DiagnosticsQuery = z.input<typeof diagnosticsQuery>;

/** What the /debug page shows of the server side. */
export const diagnosticsReport = z.object({
  consoleVersion: z.string(),
  nodeVersion: z.string(),
  database: z.object({
    /** pglite or postgresql */
    kind: z.string(),
    /** The last migration applied (its tag), and how many are applied. */
    migration: z.string().nullable(),
    migrationCount: z.number().int(),
  }),
  broker: z.object({
    /** embedded, external, or none when this instance runs no gateway. */
    kind: z.string(),
    connectedRobots: z.number().int(),
  }),
  bus: z.object({ kind: z.string() }),
  servers: serverList,
  /** This instance's process uptime. */
  uptimeSeconds: z.number().int(),
  memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number() }),
  generatedAt: z.string(),
});
export type DiagnosticsReport = z.infer<typeof diagnosticsReport>;
