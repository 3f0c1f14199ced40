import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { timeFilterOf } from './fields.js';

const timeFilter = timeFilterOf('logs.timeInvalid');

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.invalid')
    .optional()
    .transform((v) => v || undefined);

/** Filters shared by both logs: a time range, the operator (account or name, partial) and the result. */
const logFilters = {
  startTime: timeFilter,
  endTime: timeFilter,
  operator: text(64),
};

export const LOGIN_RESULTS = ['success', 'failure', 'locked'] as const;
export type LoginResultName = (typeof LOGIN_RESULTS)[number];

/** The columns the sign-in log is sorted by on the server. */
export const LOGIN_LOG_SORT_COLUMNS = ['account', 'loginTime'] as const;
export type LoginLogSortColumn = (typeof LOGIN_LOG_SORT_COLUMNS)[number];

/** GET log-server/login/page and /export (no paging for the export). */
export const loginLogQuery = pageQuery.extend({
  ...sortQuery(LOGIN_LOG_SORT_COLUMNS),
  ...logFilters,
  result: z.enum(LOGIN_RESULTS, { error: 'validation.invalid' }).optional(),
});
export type LoginLogQuery = z.input<typeof loginLogQuery>;

export const loginLogRow = z.object({
  logId: z.number().int(),
  account: z.string(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.enum(LOGIN_RESULTS),
  /** Why a sign-in failed: unknown_account, wrong_password, user_disabled, tenant_disabled, locked; `ok` on success, `external` through the third-party login. */
  reason: z.string().nullable(),
  loginTime: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRow>;
export const loginLogPage = pageOf(loginLogRow);

/**
 * `unknown`: the row was written before the request ran and its outcome could not be recorded
 * after it (the process stopped or the database went away meanwhile).
 */
export const OPERATION_RESULTS = ['success', 'failure', 'unknown'] as const;
export const LOG_LEVELS = ['info', 'warn', 'error'] as const;

/**
 * The columns the operation log is sorted by on the server. Not the description: it is shown in
 * the reader's language, which the stored text is not.
 */
export const OPERATION_LOG_SORT_COLUMNS = ['account', 'durationMs', 'createTime'] as const;
export type OperationLogSortColumn = (typeof OPERATION_LOG_SORT_COLUMNS)[number];

/** GET log-server/operation/page and /export. */
export const operationLogQuery = pageQuery.extend({
  ...sortQuery(OPERATION_LOG_SORT_COLUMNS),
  ...logFilters,
  result: z.enum(OPERATION_RESULTS, { error: 'validation.invalid' }).optional(),
  description: text(100),
});
export type OperationLogQuery = z.input<typeof operationLogQuery>;

export const operationLogRow = z.object({
  logId: z.number().int(),
  description: z.string(),
  method: z.string(),
  route: z.string(),
  account: z.string().nullable(),
  username: z.string().nullable(),
  /** Role names of the operator at the time, comma separated. */
  roleNames: z.string().nullable(),
  level: z.enum(LOG_LEVELS),
  /** Query and body as JSON, secrets masked. */
  params: z.string().nullable(),
  durationMs: z.number().int(),
  result: z.enum(OPERATION_RESULTS),
  statusCode: z.number().int(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;
export const operationLogPage = pageOf(operationLogRow);

/** What replaces a secret in a logged parameter. */
export const MASK = '******';
