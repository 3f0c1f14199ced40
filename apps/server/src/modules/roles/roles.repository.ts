import { and, asc, eq, inArray } from 'drizzle-orm';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { resources } from '../resources/resources.tables.js';
import { roleMenus, roleResources, roles, userRoles } from './roles.tables.js';

export type RoleRow = typeof roles.$inferSelect;
export type RoleSummary = { roleId: number; roleName: string; roleCode: string };

/** The enabled roles a user holds in their tenant. */
export async function rolesOfUser(db: DbOrTx, tenantId: number, userId: number): Promise<RoleSummary[]> {
  return db
    .select({ roleId: roles.id, roleName: roles.name, roleCode: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inTenant(roles, tenantId, eq(userRoles.userId, userId), eq(roles.status, STATUS.enabled)))
    .orderBy(asc(roles.id));
}

/** True when one of the given roles of the tenant is granted the resource (route pattern + method). */
export async function rolesGrantResource(
  db: DbOrTx,
  tenantId: number,
  roleIds: number[],
  method: string,
  route: string,
): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const rows = await db
    .select({ roleId: roleResources.roleId })
    .from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .innerJoin(roles, eq(roles.id, roleResources.roleId))
    .where(
      inTenant(
        roles,
        tenantId,
        inArray(roleResources.roleId, roleIds),
        eq(resources.method, method),
        eq(resources.route, route),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findRoleByCode(db: DbOrTx, tenantId: number, code: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(inTenant(roles, tenantId, eq(roles.code, code)))
    .limit(1);
  return row;
}

/** Inserts a role unless the tenant already has one with that code; returns the tenant's role either way. */
export async function ensureRole(
  db: DbOrTx,
  tenantId: number,
  role: { name: string; code: string; remark?: string },
): Promise<{ role: RoleRow; created: boolean }> {
  // Look first, so that a role that exists costs no identity value.
  const existing = await findRoleByCode(db, tenantId, role.code);
  if (existing) return { role: existing, created: false };
  const [inserted] = await db
    .insert(roles)
    .values({ ...role, tenantId })
    .onConflictDoNothing({ target: [roles.tenantId, roles.code] })
    .returning();
  if (inserted) return { role: inserted, created: true };
  return { role: (await findRoleByCode(db, tenantId, role.code))!, created: false };
}

/** Checks that the role belongs to the tenant before touching its links. */
async function assertRoleInTenant(db: DbOrTx, tenantId: number, roleId: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inTenant(roles, tenantId, eq(roles.id, roleId)))
    .limit(1);
  if (!row) throw new Error(`role ${roleId} is not in tenant ${tenantId}`);
}

export async function assignRoles(db: DbOrTx, tenantId: number, userId: number, roleIds: number[]) {
  for (const roleId of roleIds) await assertRoleInTenant(db, tenantId, roleId);
  if (roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .onConflictDoNothing();
}

export async function grantMenus(db: DbOrTx, tenantId: number, roleId: number, menuIds: number[]) {
  await assertRoleInTenant(db, tenantId, roleId);
  if (menuIds.length === 0) return;
  await db
    .insert(roleMenus)
    .values(menuIds.map((menuId) => ({ roleId, menuId })))
    .onConflictDoNothing();
}

export async function grantResources(db: DbOrTx, tenantId: number, roleId: number, resourceIds: number[]) {
  await assertRoleInTenant(db, tenantId, roleId);
  if (resourceIds.length === 0) return;
  await db
    .insert(roleResources)
    .values(resourceIds.map((resourceId) => ({ roleId, resourceId })))
    .onConflictDoNothing();
}

export async function revokeResources(db: DbOrTx, tenantId: number, roleId: number, resourceIds: number[]) {
  await assertRoleInTenant(db, tenantId, roleId);
  if (resourceIds.length === 0) return;
  await db
    .delete(roleResources)
    .where(and(eq(roleResources.roleId, roleId), inArray(roleResources.resourceId, resourceIds)));
}

/**
 * The roles holding a code in every tenant (e.g. each tenant's administrators). Crosses tenants
 * on purpose: only start-up maintenance uses it, to hand new routes to those roles.
 */
export async function rolesWithCodeInEveryTenant(db: DbOrTx, code: string): Promise<RoleRow[]> {
  return db.select().from(roles).where(eq(roles.code, code)).orderBy(asc(roles.id));
}
