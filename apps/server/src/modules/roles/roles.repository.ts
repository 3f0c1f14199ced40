import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { RoleSortColumn, RoleSummary, SortRequest } from '@patrol/contracts';
import { likePattern, orderOf } from '../../platform/paging.js';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { menus } from '../menus/menus.tables.js';
import { resources } from '../resources/resources.tables.js';
import { users } from '../users/users.tables.js';
import { roleMenus, roleResources, roles, userRoles } from './roles.tables.js';

export type RoleRow = typeof roles.$inferSelect;
export type { RoleSummary };

/** The enabled roles a user holds in their tenant. */
export async function rolesOfUser(db: DbOrTx, tenantId: number, userId: number): Promise<RoleSummary[]> {
  return db
    .select({ roleId: roles.id, roleName: roles.name, roleCode: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inTenant(roles, tenantId, eq(userRoles.userId, userId), eq(roles.status, STATUS.enabled)))
    .orderBy(asc(roles.id));
}

/** Every resource (`METHOD route`) granted to one of the given roles of the tenant. */
export async function routesGrantedTo(db: DbOrTx, tenantId: number, roleIds: number[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ method: resources.method, route: resources.route })
    .from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .innerJoin(roles, eq(roles.id, roleResources.roleId))
    .where(inTenant(roles, tenantId, inArray(roleResources.roleId, roleIds)));
  return new Set(rows.map((r) => `${r.method} ${r.route}`));
}

/** The enabled users of the tenant who hold an enabled role with one of these codes. */
export async function userIdsWithRoleCodes(db: DbOrTx, tenantId: number, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      inTenant(
        roles,
        tenantId,
        inArray(roles.code, [...codes]),
        eq(roles.status, STATUS.enabled),
        eq(users.status, STATUS.enabled),
        eq(users.tenantId, tenantId),
      ),
    );
  return rows.map((r) => r.userId);
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

/** A role of the tenant, or undefined (another tenant's id reads as unknown). */
export async function findRole(db: DbOrTx, tenantId: number, roleId: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(inTenant(roles, tenantId, eq(roles.id, roleId)))
    .limit(1);
  return row;
}

export type RoleFilters = {
  roleName?: string | undefined;
  roleCode?: string | undefined;
  keyword?: string | undefined;
} & SortRequest<RoleSortColumn>;

/**
 * A tenant's roles with how many users hold each, oldest first unless sorted by a column. Name and
 * code each match a part; the keyword matches either.
 */
export async function pageRoles(
  db: DbOrTx,
  tenantId: number,
  filters: RoleFilters,
  window: { offset: number; limit: number },
) {
  const { roleName, roleCode, keyword } = filters;
  const where = inTenant(
    roles,
    tenantId,
    roleName ? ilike(roles.name, likePattern(roleName)) : undefined,
    roleCode ? ilike(roles.code, likePattern(roleCode)) : undefined,
    keyword ? or(ilike(roles.name, likePattern(keyword)), ilike(roles.code, likePattern(keyword))) : undefined,
  );
  const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
  const sort = { roleName: roles.name, roleCode: roles.code, userCount, createTime: roles.createdAt };
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, userCount })
      .from(roles)
      .where(where)
      .orderBy(...orderOf(filters, sort, roles.id, [asc(roles.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertRole(
  db: DbOrTx,
  tenantId: number,
  role: { name: string; code: string; remark: string | null },
): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({ ...role, tenantId })
    .returning();
  return row!;
}

/** Inserts a role, or answers undefined when the tenant already has its code (the unique key decides). */
export async function insertRoleUnlessTaken(
  db: DbOrTx,
  tenantId: number,
  role: { name: string; code: string; remark: string | null },
): Promise<RoleRow | undefined> {
  const [row] = await db
    .insert(roles)
    .values({ ...role, tenantId })
    .onConflictDoNothing({ target: [roles.tenantId, roles.code] })
    .returning();
  return row;
}

export async function updateRole(
  db: DbOrTx,
  tenantId: number,
  roleId: number,
  role: { name: string; code: string; remark: string | null },
) {
  await db
    .update(roles)
    .set({ ...role, updatedAt: new Date() })
    .where(inTenant(roles, tenantId, eq(roles.id, roleId)));
}

export async function deleteRole(db: DbOrTx, tenantId: number, roleId: number) {
  await db.delete(roles).where(inTenant(roles, tenantId, eq(roles.id, roleId)));
}

export async function countRoleUsers(db: DbOrTx, roleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return row?.n ?? 0;
}

/** The menus and resources a role of the tenant holds. */
export async function grantsOfRole(db: DbOrTx, tenantId: number, roleId: number) {
  await assertRoleInTenant(db, tenantId, roleId);
  const [menuRows, resourceRows] = await Promise.all([
    db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
    db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, roleId)),
  ]);
  return { menuIds: menuRows.map((r) => r.id), resourceIds: resourceRows.map((r) => r.id) };
}

/** Replaces a role's menus and resources (the caller checked that each may be granted here). */
export async function replaceGrants(
  db: DbOrTx,
  tenantId: number,
  roleId: number,
  menuIds: number[],
  resourceIds: number[],
) {
  await assertRoleInTenant(db, tenantId, roleId);
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  await db.delete(roleResources).where(eq(roleResources.roleId, roleId));
  if (menuIds.length) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  if (resourceIds.length) {
    await db.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId, resourceId })));
  }
}

/** The menus and resources held by any of the given roles of the tenant, each role's apart. */
export async function grantsOfRoles(db: DbOrTx, tenantId: number, roleIds: number[]) {
  const out = new Map<number, { code: string; menuIds: number[]; resourceIds: number[] }>();
  if (roleIds.length === 0) return out;
  const [held, menuRows, resourceRows] = await Promise.all([
    db
      .select({ id: roles.id, code: roles.code })
      .from(roles)
      .where(inTenant(roles, tenantId, inArray(roles.id, roleIds))),
    db
      .select({ roleId: roleMenus.roleId, id: roleMenus.menuId })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .where(inTenant(roles, tenantId, inArray(roleMenus.roleId, roleIds))),
    db
      .select({ roleId: roleResources.roleId, id: roleResources.resourceId })
      .from(roleResources)
      .innerJoin(roles, eq(roles.id, roleResources.roleId))
      .where(inTenant(roles, tenantId, inArray(roleResources.roleId, roleIds))),
  ]);
  for (const role of held) out.set(role.id, { code: role.code, menuIds: [], resourceIds: [] });
  for (const row of menuRows) out.get(row.roleId)?.menuIds.push(row.id);
  for (const row of resourceRows) out.get(row.roleId)?.resourceIds.push(row.id);
  return out;
}

/** Every menu's parent (the tree is shared by all tenants). */
export async function menuParents(db: DbOrTx): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  return new Map(rows.map((r) => [r.id, r.parentId]));
}
