import {
  ADMIN_ROLE_CODE,
  PLATFORM_TENANT_ID,
  SEEDED_ROLE_CODES,
  TENANT_ADMIN_ROLE_CODE,
  type RoleSummary,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { DbOrTx } from '../../platform/db.js';
import {
  assignRoles,
  ensureRole,
  findRoleByCode,
  grantMenus,
  grantResources,
  grantsOfRoles,
  menuParents,
  rolesOfUser as rolesOfUserRows,
  rolesWithCodeInEveryTenant,
  routesGrantedTo as routesGrantedToRows,
  userIdsWithRoleCodes,
} from './roles.repository.js';

// What other modules may ask of roles (a module's `<area>.shared.ts` is all that others import of it
// besides its service): who holds which role, what it is granted, and the grants made with a new
// tenant, menu or route. Kept apart from roles.service.ts, which reads the menu and resource lists.

/** The enabled roles a user holds in their tenant. */
export function rolesOfUser(db: DbOrTx, tenantId: number, userId: number): Promise<RoleSummary[]> {
  return rolesOfUserRows(db, tenantId, userId);
}

/** Every resource granted to one of the roles, as `METHOD route` (one read serves every check). */
export function routesGrantedTo(db: DbOrTx, tenantId: number, roleIds: number[]): Promise<Set<string>> {
  return routesGrantedToRows(db, tenantId, roleIds);
}

/** Gives platform administrators (role `admin` of the platform tenant) these menus. */
export async function grantMenusToPlatformAdmins(db: DbOrTx, menuIds: number[]): Promise<void> {
  const admin = await findRoleByCode(db, PLATFORM_TENANT_ID, ADMIN_ROLE_CODE);
  if (admin) await grantMenus(db, PLATFORM_TENANT_ID, admin.id, menuIds);
}

/** Who a grant is checked for: the caller's home tenant, acting tenant, roles and platform flag. */
export type Granter = Pick<AuthContext, 'tenantId' | 'homeTenantId' | 'platformAdmin' | 'roles'>;

/**
 * Whether the caller may grant whatever the acting tenant may be given: the platform
 * administrator anywhere, a holder of the tenant administrator role in its own tenant. In the
 * platform tenant only platform administrators do (its tenant may have the platform's own grants
 * and the platform administrators' role).
 */
export function grantsEverything(caller: Granter): boolean {
  return (
    caller.platformAdmin ||
    (caller.tenantId === caller.homeTenantId &&
      caller.tenantId !== PLATFORM_TENANT_ID &&
      caller.roles.some((r) => r.roleCode === TENANT_ADMIN_ROLE_CODE))
  );
}

/** What a caller may grant: everything the tenant may be given, or the menus and resources it holds. */
export type GrantScope =
  | { everything: true }
  | { everything: false; menuIds: ReadonlySet<number>; resourceIds: ReadonlySet<number> };

/**
 * The caller's grant scope. Held menus count with the groups above them (a granted page brings
 * them), so a caller may hand on the same page with its groups.
 */
export async function grantScopeOf(db: DbOrTx, caller: Granter): Promise<GrantScope> {
  if (grantsEverything(caller)) return { everything: true };
  const [held, parents] = await Promise.all([
    grantsOfRoles(
      db,
      caller.homeTenantId,
      caller.roles.map((r) => r.roleId),
    ),
    menuParents(db),
  ]);
  const menuIds = new Set<number>();
  const resourceIds = new Set<number>();
  for (const role of held.values()) {
    for (const id of role.resourceIds) resourceIds.add(id);
    for (const id of role.menuIds) {
      let at: number | null | undefined = id;
      while (at != null && !menuIds.has(at)) {
        menuIds.add(at);
        at = parents.get(at);
      }
    }
  }
  return { everything: false, menuIds, resourceIds };
}

/** Whether ids given or taken lie within the scope's menus or resources. */
export function withinScope(scope: GrantScope, kind: 'menuIds' | 'resourceIds', ids: Iterable<number>): boolean {
  if (scope.everything) return true;
  const held = scope[kind];
  for (const id of ids) if (!held.has(id)) return false;
  return true;
}

/** The ids in one list and not the other, both ways: what a change gives or takes. */
export function changedIds(before: readonly number[], after: readonly number[]): number[] {
  const a = new Set(before);
  const b = new Set(after);
  return [...[...b].filter((id) => !a.has(id)), ...[...a].filter((id) => !b.has(id))];
}

/** Role codes that only a caller who grants everything may give, take, use or change. */
export function isAdministratorCode(code: string): boolean {
  return SEEDED_ROLE_CODES.includes(code);
}

type RoleRefusal = 'users.adminRoleOnly' | 'users.roleBeyondOwn';

/**
 * Why the caller may not give or take each of these roles of the acting tenant (absent when it
 * may): an administrator role (`users.adminRoleOnly`) needs a caller who grants everything; any
 * other role must hold only menus and resources the caller holds (`users.roleBeyondOwn`).
 */
export async function roleRefusals(db: DbOrTx, caller: Granter, roleIds: number[]): Promise<Map<number, RoleRefusal>> {
  const out = new Map<number, RoleRefusal>();
  if (roleIds.length === 0 || grantsEverything(caller)) return out;
  const [roles, mine] = await Promise.all([grantsOfRoles(db, caller.tenantId, roleIds), grantScopeOf(db, caller)]);
  for (const [roleId, role] of roles) {
    if (isAdministratorCode(role.code)) out.set(roleId, 'users.adminRoleOnly');
    else if (!withinScope(mine, 'menuIds', role.menuIds) || !withinScope(mine, 'resourceIds', role.resourceIds)) {
      out.set(roleId, 'users.roleBeyondOwn');
    }
  }
  return out;
}

/** The first reason the caller may not give or take these roles, or null when it may. */
export async function roleChangeRefusal(db: DbOrTx, caller: Granter, roleIds: number[]): Promise<RoleRefusal | null> {
  const refusals = [...(await roleRefusals(db, caller, roleIds)).values()];
  return refusals.find((r) => r === 'users.adminRoleOnly') ?? refusals[0] ?? null;
}

export {
  assignRoles,
  ensureRole,
  findRoleByCode,
  grantMenus,
  grantResources,
  rolesWithCodeInEveryTenant,
  userIdsWithRoleCodes,
};
