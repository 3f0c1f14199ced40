import { asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { SortRequest, UserSortColumn } from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { roles, userRoles } from '../roles/roles.tables.js';
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

export type UserFilter = {
  keyword?: string | undefined;
  phone?: string | undefined;
  status?: number | undefined;
  roleId?: number | undefined;
};

const USER_SORT = { account: users.account, username: users.username, lastLoginTime: users.lastLoginAt };

function userWhere(db: DbOrTx, tenantId: number, f: UserFilter): SQL {
  return inTenant(
    users,
    tenantId,
    f.keyword
      ? or(
          ilike(users.account, likePattern(f.keyword)),
          ilike(users.username, likePattern(f.keyword)),
          ilike(users.nickname, likePattern(f.keyword)),
        )
      : undefined,
    f.phone ? ilike(users.phone, likePattern(f.phone)) : undefined,
    f.status === undefined ? undefined : eq(users.status, f.status),
    f.roleId === undefined
      ? undefined
      : inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, f.roleId))),
  );
}

/** A tenant's users, newest first unless sorted by a column. */
export async function pageUsers(
  db: DbOrTx,
  tenantId: number,
  f: UserFilter & SortRequest<UserSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = userWhere(db, tenantId, f);
  const order = orderOf(f, USER_SORT, users.id, [desc(users.id)]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The roles (any status) each of some users of a tenant holds, by user id. */
export async function rolesOfUsers(db: DbOrTx, tenantId: number, userIds: number[]) {
  const out = new Map<number, { roleId: number; roleName: string; roleCode: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: roles.id, roleName: roles.name, roleCode: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inTenant(roles, tenantId, inArray(userRoles.userId, userIds)))
    .orderBy(asc(roles.id));
  for (const { userId, ...role } of rows) out.set(userId, [...(out.get(userId) ?? []), role]);
  return out;
}

/** The enabled roles of a tenant, to choose from. */
export async function roleChoices(db: DbOrTx, tenantId: number) {
  return db
    .select({ roleId: roles.id, roleName: roles.name, roleCode: roles.code })
    .from(roles)
    .where(inTenant(roles, tenantId, eq(roles.status, STATUS.enabled)))
    .orderBy(asc(roles.id));
}

/** The ids among `roleIds` that are roles of the tenant. */
export async function existingRoleIds(db: DbOrTx, tenantId: number, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inTenant(roles, tenantId, inArray(roles.id, roleIds)));
  return rows.map((r) => r.id);
}

/** Replaces a user's roles (the caller checked that user and roles are the tenant's). */
export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export type UserProfile = Pick<
  typeof users.$inferInsert,
  'username' | 'nickname' | 'idNumber' | 'gender' | 'birthday' | 'height' | 'age' | 'phone' | 'email' | 'userType'
>;

export async function updateUserProfile(db: DbOrTx, tenantId: number, userId: number, profile: UserProfile) {
  await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(inTenant(users, tenantId, eq(users.id, userId)));
}

export async function deleteUser(db: DbOrTx, tenantId: number, userId: number) {
  await db.delete(users).where(inTenant(users, tenantId, eq(users.id, userId)));
}
