import { z } from 'zod';
import { newPassword, passwordDigest } from './auth.js';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import {
  accountName,
  confirmPasswordField,
  emailAddress,
  keywordFilter,
  phoneNumber,
  requiredText,
  rowId,
  statusValue,
} from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { timeZoneName } from './schedules.js';
import { videoUrlTemplate } from './video.js';

/** Tenant codes are identifiers: letters, digits, _ and -, starting with a letter or digit. */
export const TENANT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const tenantCode = z
  .string({ error: 'tenants.codeRequired' })
  .trim()
  .min(1, { message: 'tenants.codeRequired', abort: true })
  .max(TEXT_MAX.tenantCode, 'tenants.codeTooLong')
  .regex(TENANT_CODE_PATTERN, 'tenants.codeFormat');

const tenantFields = {
  tenantName: requiredText(TEXT_MAX.tenantName, 'tenants.nameRequired', 'tenants.nameTooLong'),
  adminPhone: phoneNumber,
  adminName: requiredText(TEXT_MAX.tenantAdminName, 'tenants.adminNameRequired', 'tenants.adminNameTooLong'),
  adminEmail: emailAddress,
  remark: z.string().trim().max(TEXT_MAX.tenantRemark, 'tenants.remarkTooLong').optional(),
  /** The IANA zone its schedules are read in; Asia/Shanghai when created without one, unchanged when updated without one. */
  timeZone: timeZoneName.optional(),
  /**
   * The tenant's video URL templates (docs/video.md): the streaming address (live), the history
   * video URL and the file access address (clip downloads). Created with the embedded defaults;
   * empty means "not configured"; unchanged when updated without them.
   */
  videoStreamUrl: videoUrlTemplate.optional(),
  videoHistoryUrl: videoUrlTemplate.optional(),
  videoFileUrl: videoUrlTemplate.optional(),
  /**
   * Its users see the header's 3D dashboard button (the session flag, set at sign-in). Off when
   * created without it, unchanged when updated without it. Only platform administrators set it.
   */
  dashboard3d: z.boolean().optional(),
};

/** The new-tenant form as the administrator fills it in: the password rule runs in the browser. */
export const createTenantForm = z
  .object({
    tenantCode,
    ...tenantFields,
    adminAccount: accountName,
    adminPassword: newPassword,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.adminPassword === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type CreateTenantForm = z.infer<typeof createTenantForm>;

/** POST system-server/tenant/create: the tenant, its administrator account and its tenant-administrator role. */
export const createTenantRequest = z.object({
  tenantCode,
  ...tenantFields,
  adminAccount: accountName,
  /** SHA-256 digest of the administrator's password, as for sign-in. */
  adminPassword: passwordDigest,
  status: statusValue.optional(),
});
export type CreateTenantRequest = z.input<typeof createTenantRequest>;

/** POST system-server/tenant/update: code and administrator account stay as created. */
export const updateTenantRequest = z.object({ tenantId: rowId, ...tenantFields });
export type UpdateTenantRequest = z.input<typeof updateTenantRequest>;
export const updateTenantForm = z.object(tenantFields);

/** POST system-server/tenant/status */
export const tenantStatusRequest = z.object({ tenantId: rowId, status: statusValue });
export type TenantStatusRequest = z.input<typeof tenantStatusRequest>;

/** The columns the tenants list is sorted by on the server. */
export const TENANT_SORT_COLUMNS = ['tenantCode', 'tenantName', 'userCount', 'createTime'] as const;
export type TenantSortColumn = (typeof TENANT_SORT_COLUMNS)[number];

/** GET system-server/tenant/page and /export */
export const tenantPageQuery = pageQuery.extend({
  ...sortQuery(TENANT_SORT_COLUMNS),
  keyword: keywordFilter,
  status: z.coerce.number().pipe(statusValue).optional(),
});
export type TenantPageQuery = z.input<typeof tenantPageQuery>;

export const tenantRow = z.object({
  tenantId: z.number().int(),
  tenantCode: z.string(),
  tenantName: z.string(),
  status: z.number().int(),
  adminPhone: z.string().nullable(),
  adminAccount: z.string().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  remark: z.string().nullable(),
  timeZone: z.string(),
  videoStreamUrl: z.string(),
  videoHistoryUrl: z.string(),
  videoFileUrl: z.string(),
  dashboard3d: z.boolean(),
  userCount: z.number().int(),
  /** The platform tenant: it cannot be disabled. */
  platform: z.boolean(),
  createTime: z.string(),
});
export type TenantRow = z.infer<typeof tenantRow>;
export const tenantPage = pageOf(tenantRow);

/** GET system-server/tenant/options: every enabled tenant, for choosing where to act. */
export const tenantOption = z.object({ tenantId: z.number().int(), tenantCode: z.string(), tenantName: z.string() });
export type TenantOption = z.infer<typeof tenantOption>;
export const tenantOptions = z.array(tenantOption);
