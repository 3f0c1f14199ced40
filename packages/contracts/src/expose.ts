import { z } from 'zod';
import { account } from './auth.js';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { idValue, INT4_MAX, keywordFilter, rowId, statusValue } from './fields.js';
import { TEXT_MAX } from './lengths.js';

/** Expose accounts refuse Chinese characters (spec section 5). */
export const HAS_CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const noChinese = (v: string) => !HAS_CHINESE.test(v);

/** How long an external-access token may wait to be used, once. */
export const EXPOSE_TOKEN_TTL_MS = 5 * 60 * 1000;

const exposeName = z
  .string({ error: 'expose.nameRequired' })
  .trim()
  .min(1, { message: 'expose.nameRequired', abort: true })
  .max(TEXT_MAX.exposeName, 'expose.nameTooLong')
  .refine(noChinese, 'expose.noChinese');
const exposeAccount = z
  .string({ error: 'expose.accountRequired' })
  .trim()
  .min(1, { message: 'expose.accountRequired', abort: true })
  .max(TEXT_MAX.exposeAccount, 'expose.accountTooLong')
  .regex(/^[A-Za-z0-9_.@-]+$/, 'expose.accountFormat');
/** The connection password a third party presents; typed in clear, stored as a scrypt hash. */
export const connectionPassword = z
  .string({ error: 'expose.passwordRequired' })
  .min(1, { message: 'expose.passwordRequired', abort: true })
  .min(8, 'expose.passwordLength')
  .max(TEXT_MAX.exposePassword, 'expose.passwordLength')
  .refine(noChinese, 'expose.noChinese')
  .refine((v) => !/\s/.test(v), 'expose.passwordSpaces');

/** POST system-server/expose/create (in the tenant of the `tenant-id` header). */
export const createExposeRequest = z.object({ name: exposeName, account: exposeAccount, password: connectionPassword });
export type CreateExposeRequest = z.input<typeof createExposeRequest>;

/** POST system-server/expose/update: a new password only when one is typed. */
export const updateExposeRequest = z.object({
  exposeId: rowId,
  name: exposeName,
  password: z.union([z.literal(''), connectionPassword]).optional(),
});
export type UpdateExposeRequest = z.input<typeof updateExposeRequest>;
/** The edit form: name and an optional new password. */
export const updateExposeForm = z.object({
  name: exposeName,
  password: z.union([z.literal(''), connectionPassword]).optional(),
});

export const exposeStatusRequest = z.object({ exposeId: rowId, status: statusValue });
export type ExposeStatusRequest = z.input<typeof exposeStatusRequest>;
export const deleteExposeRequest = z.object({ exposeId: rowId });

/** The columns the expose accounts list is sorted by on the server. */
export const EXPOSE_SORT_COLUMNS = ['name', 'account', 'updateTime'] as const;
export type ExposeSortColumn = (typeof EXPOSE_SORT_COLUMNS)[number];

/** GET system-server/expose/page */
export const exposePageQuery = pageQuery.extend({
  keyword: keywordFilter,
  ...sortQuery(EXPOSE_SORT_COLUMNS),
});
export const exposeRow = z.object({
  exposeId: z.number().int(),
  name: z.string(),
  account: z.string(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ExposeRow = z.infer<typeof exposeRow>;
export const exposePage = pageOf(exposeRow);

/**
 * POST system-server/expose/token (public): a third party trades its expose account and connection
 * password for a one-time external-access token that signs in one console user of the tenant.
 */
export const exposeTokenRequest = z.object({
  tenantId: idValue,
  account: exposeAccount,
  password: z.string({ error: 'expose.passwordRequired' }).min(1, 'expose.passwordRequired').max(64),
  /** The console user the session acts as (an account of the same tenant). */
  userAccount: account,
});
export type ExposeTokenRequest = z.input<typeof exposeTokenRequest>;
export const exposeTokenResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** The console address that signs in with it: `<console>/#/external-login?token=…&tenantId=…`. */
  loginPath: z.string(),
});
export type ExposeTokenResponse = z.infer<typeof exposeTokenResponse>;

/** POST system-server/auth/external-login (public): the token and tenant id of the external-login page. */
export const externalLoginRequest = z.object({
  token: z
    .string({ error: 'errors.tokenMissing' })
    .trim()
    .min(1, 'errors.tokenMissing')
    .max(200, 'errors.verifyFailed'),
  tenantId: z.coerce
    .number({ error: 'errors.tenantIdMissing' })
    .int('errors.tenantIdMissing')
    .positive('errors.tenantIdMissing')
    .max(INT4_MAX, 'validation.outOfRange'),
});
export type ExternalLoginRequest = z.input<typeof externalLoginRequest>;
