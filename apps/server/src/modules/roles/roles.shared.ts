import { ADMIN_ROLE_CODE, PLATFORM_TENANT_ID, type RoleSummary } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import {
  assignRoles,
  ensureRole,
  findRoleByCode,
  grantMenus,
  grantResources,
  rolesOfUser as rolesOfUserRows,
  rolesWithCodeInEveryTenant,
  routesGrantedTo as routesGrantedToRows,
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

export { assignRoles, ensureRole, findRoleByCode, grantMenus, grantResources, rolesWithCodeInEveryTenant };
