import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';
import { loginLogs, sessions } from './auth.tables.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = Omit<typeof sessions.$inferInsert, 'tenantId'>;
export type LoginResult = 'success' | 'failure' | 'locked';
export type NewLoginLog = Omit<typeof loginLogs.$inferInsert, 'result'> & { result: LoginResult };

export async function insertSession(db: DbOrTx, tenantId: number, session: NewSession): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ ...session, tenantId })
    .returning();
  return row!;
}

/**
 * The live session of a token (not revoked, not expired) with its user and the user's tenant.
 * Looked up by token before any tenant is known, so it is not tenant-scoped: the token is the key.
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      tenantId: users.tenantId,
      account: users.account,
      username: users.username,
      userStatus: users.status,
      tenantStatus: tenants.status,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function revokeSession(db: DbOrTx, tenantId: number, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(inTenant(sessions, tenantId, eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except one; returns the ids revoked. */
export async function revokeOtherSessions(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  keepSessionId: number,
  at: Date,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      inTenant(
        sessions,
        tenantId,
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function insertLoginLog(db: DbOrTx, entry: NewLoginLog): Promise<void> {
  await db.insert(loginLogs).values(entry);
}

/**
 * Times of the latest failed sign-ins (wrong password or unknown account) of an account in a
 * tenant (null when the tenant was not resolved), newer than `since` and newer than its last
 * success; newest first.
 */
export async function recentFailures(
  db: DbOrTx,
  tenantId: number | null,
  account: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const sameKey = and(
    eq(loginLogs.account, account),
    tenantId === null ? isNull(loginLogs.tenantId) : eq(loginLogs.tenantId, tenantId),
  );
  const lastSuccess = db
    .select({ at: sql`coalesce(max(${loginLogs.createdAt}), '-infinity'::timestamptz)` })
    .from(loginLogs)
    .where(and(sameKey, eq(loginLogs.result, 'success')));
  const rows = await db
    .select({ at: loginLogs.createdAt })
    .from(loginLogs)
    .where(
      and(
        sameKey,
        eq(loginLogs.result, 'failure'),
        inArray(loginLogs.reason, [...CREDENTIAL_FAILURES]),
        gt(loginLogs.createdAt, since),
        gt(loginLogs.createdAt, sql`(${lastSuccess})`),
      ),
    )
    .orderBy(desc(loginLogs.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Reasons of failed sign-ins that count towards the lock. */
export const CREDENTIAL_FAILURES = ['wrong_password', 'unknown_account'] as const;

/** Revokes every live session of a tenant's users, or of some of them; returns the ids revoked. */
export async function revokeTenantSessions(
  db: DbOrTx,
  tenantId: number,
  at: Date,
  userIds?: number[],
): Promise<number[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      inTenant(sessions, tenantId, isNull(sessions.revokedAt), userIds ? inArray(sessions.userId, userIds) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
