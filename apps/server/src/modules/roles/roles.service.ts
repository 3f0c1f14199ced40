import {
  PLATFORM_MENUS,
  PLATFORM_TENANT_ID,
  TENANT_ADMIN_ROLE_CODE,
  type Language,
  type Page,
  type RoleGrants,
  type RoleRow as RoleView,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, notFound } from '../../platform/errors.js';
import { operationText } from '../../platform/operations.js';
import { pageWindow } from '../../platform/paging.js';
import { listMenus } from '../menus/menus.repository.js';
import { buildMenuTree } from '../menus/menus.service.js';
import { listResources } from '../resources/resources.repository.js';
import {
  countRoleUsers,
  deleteRole,
  findRole,
  findRoleByCode,
  grantsOfRole,
  insertRole,
  pageRoles,
  replaceGrants,
  updateRole,
  type RoleRow,
  type RoleSummary,
} from './roles.repository.js';

/** The role code of administrators; held in the platform tenant it makes a platform administrator. */
export const ADMIN_ROLE_CODE = 'admin';

/** Platform administrators are users of the platform tenant (1) holding the role `admin`. */
export function isPlatformAdmin(homeTenantId: number, roles: RoleSummary[]): boolean {
  return homeTenantId === PLATFORM_TENANT_ID && roles.some((r) => r.roleCode === ADMIN_ROLE_CODE);
}

/** Codes of the roles the console makes itself (at first start, or with each new tenant). */
export const SEEDED_ROLE_CODES: string[] = [ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE];

type Paged = { index: number; size?: number | undefined };
type RoleInput = { roleName: string; roleCode: string; remark?: string | undefined };

/** The platform administrators' role: held in the platform tenant under the code `admin`. */
function isReadOnly(role: RoleRow): boolean {
  return role.tenantId === PLATFORM_TENANT_ID && role.code === ADMIN_ROLE_CODE;
}

/** Roles of the acting tenant and their grants. */
export function createRolesService(ctx: AppContext) {
  const { db } = ctx;

  async function roleOf(caller: AuthContext, roleId: number): Promise<RoleRow> {
    const role = await findRole(db, caller.tenantId, roleId);
    if (!role) throw notFound();
    return role;
  }

  /** What a role of the tenant may be given: platform pages and routes only in the platform tenant. */
  async function grantable(tenantId: number) {
    const [menus, resources] = await Promise.all([listMenus(db), listResources(db)]);
    const platform = tenantId === PLATFORM_TENANT_ID;
    const platformMenus = new Set<string>(PLATFORM_MENUS);
    return {
      menus: menus.filter((m) => platform || !platformMenus.has(m.name)),
      allMenus: menus,
      resources: resources.filter((r) => r.access === 'grant' || (platform && r.access === 'platform')),
    };
  }

  async function page(caller: AuthContext, query: Paged & { keyword?: string | undefined }): Promise<Page<RoleView>> {
    const { rows, total } = await pageRoles(db, caller.tenantId, query.keyword, pageWindow(query));
    return { rows: rows.map((r) => toRow(r.role, r.userCount)), total };
  }

  async function create(caller: AuthContext, input: RoleInput): Promise<RoleView> {
    if (await findRoleByCode(db, caller.tenantId, input.roleCode)) throw conflictOn('roleCode', 'roles.codeTaken');
    const role = await insertRole(db, caller.tenantId, {
      name: input.roleName,
      code: input.roleCode,
      remark: input.remark || null,
    });
    return toRow(role, 0);
  }

  async function update(caller: AuthContext, input: RoleInput & { roleId: number }): Promise<void> {
    const role = await roleOf(caller, input.roleId);
    if (isReadOnly(role) && input.roleCode !== role.code) throw new AppError(409, 'roles.adminReadOnly');
    const same = await findRoleByCode(db, caller.tenantId, input.roleCode);
    if (same && same.id !== role.id) throw conflictOn('roleCode', 'roles.codeTaken');
    await updateRole(db, caller.tenantId, role.id, {
      name: input.roleName,
      code: input.roleCode,
      remark: input.remark || null,
    });
  }

  /** A role still held by users is kept, so that nobody silently loses access. */
  async function remove(caller: AuthContext, roleId: number): Promise<void> {
    const role = await roleOf(caller, roleId);
    if (isReadOnly(role)) throw new AppError(409, 'roles.adminReadOnly');
    const holders = await countRoleUsers(db, role.id);
    if (holders > 0) throw new AppError(409, 'roles.inUse', { count: holders });
    await deleteRole(db, caller.tenantId, role.id);
  }

  async function grants(caller: AuthContext, roleId: number, lang: Language): Promise<RoleGrants> {
    const role = await roleOf(caller, roleId);
    const [may, held] = await Promise.all([grantable(caller.tenantId), grantsOfRole(db, caller.tenantId, role.id)]);
    return {
      menus: buildMenuTree(may.allMenus, new Set(may.menus.map((m) => m.id)), lang),
      resources: may.resources.map((r) => ({
        resourceId: r.id,
        route: r.route,
        method: r.method,
        description: operationText(ctx.operations, lang, r.method, r.route, r.description),
      })),
      menuIds: held.menuIds,
      resourceIds: held.resourceIds,
      readOnly: isReadOnly(role),
    };
  }

  /**
   * Replaces a role's menus and resources in one go. Ids it may not hold (unknown, or the
   * platform's own outside the platform tenant) refuse the whole change.
   */
  async function grant(
    caller: AuthContext,
    input: { roleId: number; menuIds: number[]; resourceIds: number[] },
  ): Promise<void> {
    const role = await roleOf(caller, input.roleId);
    if (isReadOnly(role)) throw new AppError(409, 'roles.adminReadOnly');
    const may = await grantable(caller.tenantId);
    const menuIds = [...new Set(input.menuIds)];
    const resourceIds = [...new Set(input.resourceIds)];
    const okMenus = new Set(may.menus.map((m) => m.id));
    const okResources = new Set(may.resources.map((r) => r.id));
    if (!menuIds.every((id) => okMenus.has(id)) || !resourceIds.every((id) => okResources.has(id))) {
      throw new AppError(409, 'roles.grantUnknown');
    }
    await db.transaction(async (tx) => {
      await replaceGrants(tx, caller.tenantId, role.id, menuIds, resourceIds);
    });
  }

  return { page, create, update, remove, grants, grant };
}

function toRow(role: RoleRow, userCount: number): RoleView {
  return {
    roleId: role.id,
    roleName: role.name,
    roleCode: role.code,
    remark: role.remark,
    status: role.status,
    userCount: Number(userCount),
    readOnly: isReadOnly(role),
    createTime: role.createdAt.toISOString(),
  };
}
