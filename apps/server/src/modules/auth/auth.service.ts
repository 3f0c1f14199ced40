import { createHash, randomBytes } from 'node:crypto';
import { isPlatformAdmin, LOGIN_LOCK, SESSION_TTL_MS, type LoginResponse, type SessionUser } from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../platform/errors.js';
import { prepareDummyPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords.js';
import { rolesOfUser } from '../roles/roles.shared.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { findSignInCandidates, findUserByAccount, touchLastLogin, type UserRow } from '../users/users.shared.js';
import {
  findLiveSession,
  insertLoginLog,
  insertSession,
  recentFailures,
  revokeOtherSessions,
  revokeSession,
  revokeTenantSessions,
  type LoginResult,
} from './auth.repository.js';

/** A new session token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export type SignInAttempt = {
  account: string;
  /** SHA-256 hex digest of the password (already validated and lowercased by the contract). */
  password: string;
  /** The `tenant-id` header: a tenant id, null when absent, 'invalid' when malformed. */
  tenantId: number | null | 'invalid';
  ip: string | null;
  userAgent: string | null;
};

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

type Candidate = { user: UserRow; tenantStatus: number; tenantName: string };

export function createAuthService(ctx: AppContext) {
  const { db, config } = ctx;
  // The first unknown-account sign-in must not take longer than the others.
  prepareDummyPassword(config.scryptLogN).catch(() => undefined);

  /**
   * Which user an account names. Accounts are unique per tenant only, so: the tenant of the
   * `tenant-id` header is searched first; when the header is absent, malformed or names a tenant
   * without that account, the account must be unique across all tenants. An account held in
   * several tenants therefore signs in only with its tenant's header. (The console sends its stored
   * tenant id, 1 until a user has signed in, with every request, sign-in included.)
   */
  async function resolveCandidate(attempt: SignInAttempt): Promise<Candidate | undefined> {
    if (typeof attempt.tenantId === 'number') {
      const tenant = await findTenant(db, attempt.tenantId);
      const user = tenant && (await findUserByAccount(db, tenant.id, attempt.account));
      if (tenant && user) return { user, tenantStatus: tenant.status, tenantName: tenant.name };
    }
    const found = await findSignInCandidates(db, attempt.account, 2);
    return found.length === 1 ? found[0] : undefined;
  }

  /** Every sign-in attempt leaves exactly one row, written here and nowhere else. */
  async function record(
    attempt: SignInAttempt,
    candidate: Candidate | undefined,
    result: LoginResult,
    reason: string,
    at: Date,
  ) {
    await insertLoginLog(db, {
      tenantId: candidate?.user.tenantId ?? null,
      userId: candidate?.user.id ?? null,
      account: attempt.account,
      ip: attempt.ip?.slice(0, 64) ?? null,
      userAgent: attempt.userAgent?.slice(0, 500) ?? null,
      result,
      reason,
      createdAt: at,
    });
  }

  /**
   * Minutes left on the account's lock, or 0. The lock is read from the login log itself:
   * `maxFailures` credential failures within `windowMs` lock the account for `lockMs` after the
   * last of them; a success clears the count. Refused attempts while locked are logged as 'locked'
   * and do not extend the lock. Unknown accounts lock the same way, so the lock tells nothing.
   */
  async function lockMinutes(tenantId: number | null, account: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - LOGIN_LOCK.windowMs - LOGIN_LOCK.lockMs);
    const failures = await recentFailures(db, tenantId, account, since, LOGIN_LOCK.maxFailures);
    if (failures.length < LOGIN_LOCK.maxFailures) return 0;
    const newest = failures[0]!.getTime();
    const oldest = failures[failures.length - 1]!.getTime();
    if (newest - oldest > LOGIN_LOCK.windowMs) return 0;
    const left = newest + LOGIN_LOCK.lockMs - now.getTime();
    return left > 0 ? Math.ceil(left / 60_000) : 0;
  }

  async function login(attempt: SignInAttempt): Promise<LoginResponse> {
    const now = new Date();
    const candidate = await resolveCandidate(attempt);
    const minutes = await lockMinutes(candidate?.user.tenantId ?? null, attempt.account, now);
    if (minutes > 0) {
      await record(attempt, candidate, 'locked', 'locked', now);
      throw tooManyRequests('errors.accountLocked', { minutes });
    }

    if (!candidate) {
      await verifyDummyPassword(attempt.password, config.scryptLogN);
      await record(attempt, candidate, 'failure', 'unknown_account', now);
      throw unauthorized('errors.loginFailed');
    }
    if (!(await verifyPassword(attempt.password, candidate.user.passwordHash))) {
      await record(attempt, candidate, 'failure', 'wrong_password', now);
      throw unauthorized('errors.loginFailed');
    }
    // Only a caller who knows the password learns that the account or tenant is disabled.
    if (candidate.tenantStatus !== STATUS.enabled) {
      await record(attempt, candidate, 'failure', 'tenant_disabled', now);
      throw forbidden('errors.tenantDisabled');
    }
    if (candidate.user.status !== STATUS.enabled) {
      await record(attempt, candidate, 'failure', 'user_disabled', now);
      throw forbidden('errors.accountDisabled');
    }

    const response = await openSession(candidate, attempt, now, false);
    await record(attempt, candidate, 'success', 'ok', now);
    return response;
  }

  /** A new session of a user who proved who they are (password, or an external-access token). */
  async function openSession(
    candidate: Candidate,
    meta: { ip: string | null; userAgent: string | null },
    now: Date,
    external: boolean,
  ): Promise<LoginResponse> {
    const { user } = candidate;
    const token = createToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const roles = await db.transaction(async (tx) => {
      await insertSession(tx, user.tenantId, {
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt,
        external,
        ip: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      await touchLastLogin(tx, user.tenantId, user.id, now);
      return rolesOfUser(tx, user.tenantId, user.id);
    });
    // The users list shows the last sign-in time.
    await ctx.bus.publish('users.changed', { tenantId: user.tenantId });
    const sessionUser: SessionUser = {
      userId: user.id,
      account: user.account,
      username: user.username,
      tenantId: user.tenantId,
      tenantName: candidate.tenantName,
      platformAdmin: isPlatformAdmin(user.tenantId, roles),
    };
    return { token, expiresAt: expiresAt.toISOString(), user: sessionUser };
  }

  /**
   * Signs a user in through external access (the caller verified the one-time token). A disabled
   * user or tenant is refused like at sign-in; the attempt is in the login log either way.
   */
  async function externalLogin(
    user: UserRow,
    tenant: { name: string; status: number },
    meta: { ip: string | null; userAgent: string | null },
  ): Promise<LoginResponse> {
    const now = new Date();
    const candidate: Candidate = { user, tenantStatus: tenant.status, tenantName: tenant.name };
    const attempt: SignInAttempt = { account: user.account, password: '', tenantId: user.tenantId, ...meta };
    if (tenant.status !== STATUS.enabled) {
      await record(attempt, candidate, 'failure', 'tenant_disabled', now);
      throw forbidden('errors.tenantDisabled');
    }
    if (user.status !== STATUS.enabled) {
      await record(attempt, candidate, 'failure', 'user_disabled', now);
      throw forbidden('errors.accountDisabled');
    }
    const response = await openSession(candidate, meta, now, true);
    await record(attempt, candidate, 'success', 'external', now);
    return response;
  }

  /** The live session of a token, or undefined (unknown, expired, revoked). */
  async function findSession(token: string): Promise<LiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    return findLiveSession(db, hashToken(token), new Date());
  }

  /** Ends a session and closes its sockets. */
  async function logout(tenantId: number, sessionId: number): Promise<void> {
    await revokeSession(db, tenantId, sessionId, new Date());
    await ctx.bus.publish('sessions.revoked', { sessionIds: [sessionId] });
  }

  /** Ends every other session of a user (after a password change) and closes their sockets. */
  async function revokeOthers(tenantId: number, userId: number, keepSessionId: number): Promise<void> {
    const sessionIds = await revokeOtherSessions(db, tenantId, userId, keepSessionId, new Date());
    if (sessionIds.length > 0) await ctx.bus.publish('sessions.revoked', { sessionIds });
  }

  /**
   * Ends every session of a tenant (disabled), or of some of its users (disabled, password reset,
   * deleted), at once, and closes their sockets.
   */
  async function revokeAll(tenantId: number, userIds?: number[]): Promise<void> {
    const sessionIds = await revokeTenantSessions(db, tenantId, new Date(), userIds);
    if (sessionIds.length > 0) await ctx.bus.publish('sessions.revoked', { sessionIds });
  }

  return { login, externalLogin, findSession, logout, revokeOthers, revokeAll };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Thrown for a session whose user or tenant was disabled after sign-in. */
export function disabledError(session: LiveSession): AppError | null {
  if (session.tenantStatus !== STATUS.enabled) return forbidden('errors.tenantDisabled');
  if (session.userStatus !== STATUS.enabled) return forbidden('errors.accountDisabled');
  return null;
}
