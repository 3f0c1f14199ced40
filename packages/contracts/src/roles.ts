import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { menuNode } from './menus.js';

/** Role codes are identifiers: a letter, then letters, digits, _ or -. */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

const roleFields = {
  roleName: z
    .string({ error: 'roles.nameRequired' })
    .trim()
    .min(1, { message: 'roles.nameRequired', abort: true })
    .max(TEXT_MAX.roleName, 'roles.nameTooLong'),
  roleCode: z
    .string({ error: 'roles.codeRequired' })
    .trim()
    .min(1, { message: 'roles.codeRequired', abort: true })
    .max(TEXT_MAX.roleCode, 'roles.codeTooLong')
    .regex(ROLE_CODE_PATTERN, 'roles.codeFormat'),
  remark: z.string().trim().max(TEXT_MAX.roleRemark, 'roles.remarkTooLong').optional(),
};

/** POST system-server/role/create */
export const createRoleRequest = z.object(roleFields);
export type CreateRoleRequest = z.input<typeof createRoleRequest>;
/** POST system-server/role/update */
export const updateRoleRequest = z.object({ roleId: rowId, ...roleFields });
export type UpdateRoleRequest = z.input<typeof updateRoleRequest>;
/** POST system-server/role/delete */
export const deleteRoleRequest = z.object({ roleId: rowId });

/** The columns the roles list is sorted by on the server. */
export const ROLE_SORT_COLUMNS = ['roleName', 'roleCode', 'userCount', 'createTime'] as const;
export type RoleSortColumn = (typeof ROLE_SORT_COLUMNS)[number];

/** GET system-server/role/page: name and code each match a part; `keyword` matches either. */
export const rolePageQuery = pageQuery.extend({
  roleName: keywordFilter,
  roleCode: keywordFilter,
  keyword: keywordFilter,
  ...sortQuery(ROLE_SORT_COLUMNS),
});
export type RolePageQuery = z.input<typeof rolePageQuery>;

export const roleRow = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string(),
  remark: z.string().nullable(),
  status: z.number().int(),
  userCount: z.number().int(),
  /** The platform administrators' role: its grants and code cannot be changed, nor can it be deleted. */
  readOnly: z.boolean(),
  createTime: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;
export const rolePage = pageOf(roleRow);

/** GET system-server/role/grants?roleId= */
export const roleGrantsQuery = z.object({ roleId: rowId });
export const grantableResource = z.object({
  resourceId: z.number().int(),
  route: z.string(),
  method: z.string(),
  description: z.string(),
});
export type GrantableResource = z.infer<typeof grantableResource>;
export const roleGrants = z.object({
  /** Every menu the role may be given in the acting tenant. */
  menus: z.array(menuNode),
  /** Every resource the role may be given in the acting tenant. */
  resources: z.array(grantableResource),
  menuIds: z.array(z.number().int()),
  resourceIds: z.array(z.number().int()),
  readOnly: z.boolean(),
});
export type RoleGrants = z.infer<typeof roleGrants>;

/**
 * POST system-server/role/grant: replaces the role's menus and resources; applies to the next
 * request. Unknown ids (or routes that need no grant) answer 422 `roles.grantUnknown`; the
 * platform's own menus and routes asked for a role of another tenant answer 403 `roles.platformOnly`.
 */
export const grantRoleRequest = z.object({
  roleId: rowId,
  menuIds: z.array(rowId).max(1000, 'validation.invalid'),
  resourceIds: z.array(rowId).max(5000, 'validation.invalid'),
});
export type GrantRoleRequest = z.input<typeof grantRoleRequest>;
