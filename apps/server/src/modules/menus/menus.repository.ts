import { asc, eq } from 'drizzle-orm';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { roleMenus, roles, userRoles } from '../roles/roles.tables.js';
import { menus } from './menus.tables.js';

export type MenuRow = typeof menus.$inferSelect;
export type NewMenu = typeof menus.$inferInsert;

/** Every menu (they are global), in display order. */
export async function listMenus(db: DbOrTx): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
}

/** Ids of the menus granted to a user through their enabled roles in their tenant. */
export async function menuIdsOfUser(db: DbOrTx, tenantId: number, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .where(inTenant(roles, tenantId, eq(userRoles.userId, userId), eq(roles.status, STATUS.enabled)));
  return new Set(rows.map((r) => r.menuId));
}

/** Inserts a menu unless one with that route name exists; returns the id and whether it is new. */
/** Every menu's id by its route name (one read, for the start-up seed). */
export async function menuIdsByName(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: menus.id, name: menus.name }).from(menus);
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function ensureMenu(db: DbOrTx, menu: NewMenu): Promise<{ id: number; created: boolean }> {
  const find = async () => (await db.select({ id: menus.id }).from(menus).where(eq(menus.name, menu.name)).limit(1))[0];
  // Look first, so that a menu that exists costs no identity value.
  const existing = await find();
  if (existing) return { id: existing.id, created: false };
  const [inserted] = await db
    .insert(menus)
    .values(menu)
    .onConflictDoNothing({ target: menus.name })
    .returning({ id: menus.id });
  if (inserted) return { id: inserted.id, created: true };
  return { id: (await find())!.id, created: false };
}

export async function setMenuStatus(db: DbOrTx, menuId: number, status: number) {
  await db.update(menus).set({ status, updatedAt: new Date() }).where(eq(menus.id, menuId));
}

export async function findMenu(db: DbOrTx, menuId: number): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.id, menuId)).limit(1);
  return row;
}

export async function findMenuByName(db: DbOrTx, name: string): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.name, name)).limit(1);
  return row;
}

export async function insertMenu(db: DbOrTx, menu: NewMenu): Promise<MenuRow> {
  const [row] = await db.insert(menus).values(menu).returning();
  return row!;
}

export async function updateMenu(db: DbOrTx, menuId: number, menu: Partial<NewMenu>): Promise<void> {
  await db
    .update(menus)
    .set({ ...menu, updatedAt: new Date() })
    .where(eq(menus.id, menuId));
}

export async function deleteMenu(db: DbOrTx, menuId: number): Promise<void> {
  await db.delete(menus).where(eq(menus.id, menuId));
}
