import {
  ADMIN_ROLE_CODE,
  PLATFORM_MENUS,
  PLATFORM_TENANT_ID,
  type Language,
  type Page,
  type RoleGrants,
  type RoleRow as RoleView,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, forbidden, notFound } from '../../platform/errors.js';
import { operationText } from '../../platform/operations.js';
import { pageWindow } from '../../platform/paging.js';
import { listAllMenus, type MenuRow } from '../menus/menus.service.js';
import { buildMenuTree } from '../menus/menu-tree.js';
import { listAllResources } from '../resources/resources.service.js';
import { changedIds, grantScopeOf, grantsEverything, isAdministratorCode, withinScope } from './roles.shared.js';
import {
  countRoleUsers,
  deleteRole,
  findRole,
  findRoleByCode,
  grantsOfRole,
  insertRoleUnlessTaken,
  pageRoles,
  replaceGrants,
  updateRole,
  type RoleFilters,
  type RoleRow,
} from './roles.repository.js';

type Paged = { index: number; size?: number | undefined };
type RoleInput = { roleName: string; roleCode: string; remark?: string | undefined };

/** The platform administrators' role: held in the platform tenant under the code `admin`. */
function isReadOnly(role: RoleRow): boolean {
  return role.tenantId === PLATFORM_TENANT_ID && role.code === ADMIN_ROLE_CODE;
}

/** Roles of the acting tenant and their grants. */
export function createRolesService(ctx: AppContext) {
  const { db } = ctx;
  // Callers' roles and grants are cached by every instance; a change clears them at once.
  const accessChanged = () => ctx.bus.publish('access.changed', {});

  async function roleOf(caller: AuthContext, roleId: number): Promise<RoleRow> {
    const role = await findRole(db, caller.tenantId, roleId);
    if (!role) throw notFound();
    return role;
  }

  /**
   * What a role of the tenant may be given: menus and `grant` routes; the platform's own menus
   * (and anything below them) and `platform` routes only in the platform tenant. `public` and
   * `session` routes need no grant and are never offered.
   */
  async function grantable(tenantId: number) {
    const [menus, resources] = await Promise.all([listAllMenus(db), listAllResources(db)]);
    const platform = tenantId === PLATFORM_TENANT_ID;
    const platformOnly = platformMenuIds(menus);
    return {
      allMenus: menus,
      allResources: resources,
      menus: menus.filter((m) => platform || !platformOnly.has(m.id)),
      resources: resources.filter((r) => r.access === 'grant' || (platform && r.access === 'platform')),
    };
  }

  async function page(caller: AuthContext, query: Paged & RoleFilters): Promise<Page<RoleView>> {
    const { rows, total } = await pageRoles(db, caller.tenantId, query, pageWindow(query));
    return { rows: rows.map((r) => toRow(r.role, r.userCount)), total };
  }

  /**
   * The administrator role codes make their holders tenant administrators (who grant everything
   * and see every robot): only a caller who grants everything may give a role such a code, or
   * change the code of a role that has one (403).
   */
  function assertMayUseCode(caller: AuthContext, from: string | null, to: string) {
    if (from === to || grantsEverything(caller)) return;
    if (isAdministratorCode(to) || (from !== null && isAdministratorCode(from))) {
      throw forbidden('roles.adminCodeOnly');
    }
  }

  async function create(caller: AuthContext, input: RoleInput): Promise<RoleView> {
    assertMayUseCode(caller, null, input.roleCode);
    if (await findRoleByCode(db, caller.tenantId, input.roleCode)) throw conflictOn('roleCode', 'roles.codeTaken');
    // Two requests racing for one code: the second one finds it taken by the unique key.
    const role = await insertRoleUnlessTaken(db, caller.tenantId, {
      name: input.roleName,
      code: input.roleCode,
      remark: input.remark || null,
    });
    if (!role) throw conflictOn('roleCode', 'roles.codeTaken');
    return toRow(role, 0);
  }

  async function update(caller: AuthContext, input: RoleInput & { roleId: number }): Promise<void> {
    const role = await roleOf(caller, input.roleId);
    if (isReadOnly(role) && input.roleCode !== role.code) throw new AppError(409, 'roles.adminReadOnly');
    assertMayUseCode(caller, role.code, input.roleCode);
    const same = await findRoleByCode(db, caller.tenantId, input.roleCode);
    if (same && same.id !== role.id) throw conflictOn('roleCode', 'roles.codeTaken');
    await updateRole(db, caller.tenantId, role.id, {
      name: input.roleName,
      code: input.roleCode,
      remark: input.remark || null,
    });
    await accessChanged();
  }

  /** A role still held by users is kept, so that nobody silently loses access. */
  async function remove(caller: AuthContext, roleId: number): Promise<void> {
    const role = await roleOf(caller, roleId);
    if (isReadOnly(role)) throw new AppError(409, 'roles.adminReadOnly');
    const holders = await countRoleUsers(db, role.id);
    if (holders > 0) throw new AppError(409, 'roles.inUse', { count: holders });
    await deleteRole(db, caller.tenantId, role.id);
    await accessChanged();
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
   * Replaces a role's menus and resources in one transaction. Ids that are unknown (or routes that
   * need no grant) answer 422; the platform's own menus and routes for a role of another tenant
   * answer 403, and so does giving or taking a menu or resource the caller does not hold (unless
   * it grants everything). Any of them refuses the whole change.
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

    const knownMenus = new Set(may.allMenus.map((m) => m.id));
    const knownResources = new Set(
      may.allResources.filter((r) => r.access === 'grant' || r.access === 'platform').map((r) => r.id),
    );
    const unknown = [
      ...(menuIds.every((id) => knownMenus.has(id)) ? [] : [{ path: 'menuIds', key: 'roles.grantUnknown' }]),
      ...(resourceIds.every((id) => knownResources.has(id))
        ? []
        : [{ path: 'resourceIds', key: 'roles.grantUnknown' }]),
    ];
    if (unknown.length) throw new AppError(422, 'roles.grantUnknown', undefined, unknown);

    const okMenus = new Set(may.menus.map((m) => m.id));
    const okResources = new Set(may.resources.map((r) => r.id));
    if (!menuIds.every((id) => okMenus.has(id)) || !resourceIds.every((id) => okResources.has(id))) {
      throw forbidden('roles.platformOnly');
    }
    // Nobody gives (or takes) a menu or resource it does not hold itself, unless it grants everything.
    const mine = await grantScopeOf(db, caller);
    if (!mine.everything) {
      const held = await grantsOfRole(db, caller.tenantId, role.id);
      if (
        !withinScope(mine, 'menuIds', changedIds(held.menuIds, menuIds)) ||
        !withinScope(mine, 'resourceIds', changedIds(held.resourceIds, resourceIds))
      ) {
        throw forbidden('roles.grantBeyondOwn');
      }
    }
    await db.transaction(async (tx) => {
      await replaceGrants(tx, caller.tenantId, role.id, menuIds, resourceIds);
    });
    await accessChanged();
  }

  return { page, create, update, remove, grants, grant };
}

/** The platform's own menus and every menu below one of them. */
function platformMenuIds(menus: MenuRow[]): Set<number> {
  const names = new Set<string>(PLATFORM_MENUS);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const underPlatform = (menu: MenuRow): boolean => {
    const seen = new Set<number>();
    let m: MenuRow | undefined = menu;
    while (m && !seen.has(m.id)) {
      if (names.has(m.name)) return true;
      seen.add(m.id);
      m = m.parentId === null ? undefined : byId.get(m.parentId);
    }
    return false;
  };
  return new Set(menus.filter(underPlatform).map((m) => m.id));
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
