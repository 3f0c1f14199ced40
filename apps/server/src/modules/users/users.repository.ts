import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from './users.tables.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'tenantId'>;

export async function findUser(db: DbOrTx, tenantId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(inTenant(users, tenantId, eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function findUserByAccount(db: DbOrTx, tenantId: number, account: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(inTenant(users, tenantId, eq(users.account, account)))
    .limit(1);
  return row;
}

/**
 * Sign-in only: the users holding an account name in any tenant, with their tenant's status. This is
 * the one query that crosses tenants on purpose, because the caller's tenant is not known yet.
 */
export async function findSignInCandidates(db: DbOrTx, account: string, limit = 2) {
  return db
    .select({ user: users, tenantStatus: tenants.status, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.account, account))
    .orderBy(asc(users.tenantId))
    .limit(limit);
}

export async function insertUser(db: DbOrTx, tenantId: number, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, tenantId })
    .returning();
  return row!;
}

/** The ids among `userIds` that are users of the tenant; all its users when `userIds` is absent. */
export async function existingUserIds(db: DbOrTx, tenantId: number, userIds?: number[]): Promise<number[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inTenant(users, tenantId, userIds ? inArray(users.id, userIds) : undefined))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export async function updatePasswordHash(db: DbOrTx, tenantId: number, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(inTenant(users, tenantId, eq(users.id, userId)));
}

export async function touchLastLogin(db: DbOrTx, tenantId: number, userId: number, at: Date) {
  await db
    .update(users)
    .set({ lastLoginAt: at })
    .where(inTenant(users, tenantId, eq(users.id, userId)));
}

export async function setUserStatus(db: DbOrTx, tenantId: number, userId: number, status: number) {
  await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(inTenant(users, tenantId, eq(users.id, userId)));
}
