import { and, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';
import { loginLogs, secretFailures, sessions } from './auth.tables.js';

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

export type SecretLimits = {
  /** Attempts allowed in the window before the row locks. */
  max: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
};

export type SecretCount = { failures: number; lockedUntil: Date | null; lastSuccessAt: Date | null };

/**
 * Counts one attempt of a secret check against a row of `secret_failures` and answers the count
 * after it, in one statement: the row is locked while it is updated, so concurrent attempts (on any
 * server instance) each see a different count. A row locked still counts the attempt but keeps its
 * lock; one whose window or lock has passed starts again at 1. The attempt that reaches `max` locks
 * the row for `lockMs`, doubled for each lock since the last success or quiet day, up to `maxLockMs`.
 * The attempt may go on to check the secret when the answered count is at most `max`.
 */
export async function countSecretAttempt(
  db: DbOrTx,
  row: { kind: string; key: string; address: string },
  limits: SecretLimits,
  now: Date,
): Promise<SecretCount> {
  const t = (column: string) => sql.raw(`"secret_failures"."${column}"`);
  const at = sql`${now.toISOString()}::timestamptz`;
  const ms = (value: SQL | number) => sql`(${value})::float8 * interval '1 millisecond'`;
  const locked = sql`(${t('locked_until')} is not null and ${t('locked_until')} > ${at})`;
  const stale = sql`(${t('window_start')} <= ${at} - ${ms(limits.windowMs)} or ${t('locked_until')} <= ${at})`;
  const lockouts = sql`(case when ${t('updated_at')} <= ${at} - ${ms(limits.maxLockMs)} then 0 else ${t('lockouts')} end)`;
  const failures = sql`(case when ${locked} then ${t('failures')} + 1 when ${stale} then 1 else ${t('failures')} + 1 end)`;
  const reaches = sql`(not ${locked} and ${failures} = ${limits.max})`;
  const lockFor = sql`least(${limits.lockMs}::float8 * power(2, ${lockouts}), ${limits.maxLockMs}::float8)`;
  const first = limits.max <= 1;
  const [counted] = await db
    .insert(secretFailures)
    .values({
      ...row,
      failures: 1,
      windowStart: now,
      lockedUntil: first ? new Date(now.getTime() + limits.lockMs) : null,
      lockouts: first ? 1 : 0,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [secretFailures.kind, secretFailures.key, secretFailures.address],
      set: {
        failures,
        windowStart: sql`case when ${locked} then ${t('window_start')} when ${stale} then ${at} else ${t('window_start')} end`,
        lockedUntil: sql`case when ${locked} then ${t('locked_until')} when ${reaches} then ${at} + ${ms(lockFor)} else null end`,
        lockouts: sql`case when ${locked} then ${t('lockouts')} when ${reaches} then ${lockouts} + 1 else ${lockouts} end`,
        updatedAt: at,
      },
    })
    .returning({
      failures: secretFailures.failures,
      lockedUntil: secretFailures.lockedUntil,
      lastSuccessAt: secretFailures.lastSuccessAt,
    });
  return counted!;
}

/** The one row of a kind of check, a key and an address. */
function failureRow(row: { kind: string; key: string; address: string }) {
  return and(
    eq(secretFailures.kind, row.kind),
    eq(secretFailures.key, row.key),
    eq(secretFailures.address, row.address),
  );
}

/** A passed check: the address's row starts again (and remembers the success). */
export async function clearSecretFailures(
  db: DbOrTx,
  row: { kind: string; key: string; address: string },
  now: Date,
): Promise<void> {
  await db
    .update(secretFailures)
    .set({ failures: 0, windowStart: now, lockedUntil: null, lockouts: 0, lastSuccessAt: now, updatedAt: now })
    .where(failureRow(row));
}

/**
 * Takes a passed attempt back out of a count it was added to (the count over all addresses), unless
 * the row has locked since: lowering a locked row's count would let one more attempt through.
 */
export async function uncountSecretAttempt(
  db: DbOrTx,
  row: { kind: string; key: string; address: string },
  now: Date,
): Promise<void> {
  await db
    .update(secretFailures)
    .set({ failures: sql`greatest(${secretFailures.failures} - 1, 0)` })
    .where(and(failureRow(row), or(isNull(secretFailures.lockedUntil), lte(secretFailures.lockedUntil, now))));
}

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
