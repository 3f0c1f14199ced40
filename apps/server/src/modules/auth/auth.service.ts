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
  clearSecretFailures,
  countSecretAttempt,
  findLiveSession,
  insertLoginLog,
  insertSession,
  revokeOtherSessions,
  revokeSession,
  revokeTenantSessions,
  uncountSecretAttempt,
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
  /** SHA-256 hex digest of the password (64 lowercase hex characters, checked by the contract). */
  password: string;
  /** The `tenant-id` header: a tenant id, null when absent, 'invalid' when malformed. */
  tenantId: number | null | 'invalid';
  ip: string | null;
  userAgent: string | null;
};

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

type Candidate = { user: UserRow; tenantStatus: number; tenantName: string };

/**
 * Which secret is checked: a sign-in password, an expose account's connection password, an
 * external-access token, the old password of a password change.
 */
export type SecretKind = 'login' | 'expose' | 'external' | 'password' | 'diagnostics';

/**
 * A secret check let through by the limits: `passed` once the secret proved right (a wrong one
 * stays counted). Or a refusal without checking: minutes left on the lock.
 */
export type SecretGate = { locked: false; passed(): Promise<void> } | { locked: true; minutes: number };

/** The count of one address, or of all addresses (`*`); no address is ever written `*`. */
const ALL_ADDRESSES = '*';

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
   * Lets a secret check go on, or refuses it without checking, before the secret is checked (see
   * docs/decisions.md "Brute force and password checks"). The attempt is counted first, by one
   * atomic upsert per row, against the key from this address; an address past `maxFailures` is
   * refused. Then, unless this address passed the check for this key within `trustedForMs`, it is
   * counted against the key from all addresses, refused past `accountMaxFailures` (`perAddressOnly`
   * kinds have no such count: a random token names no account to guess at). Refused attempts do not
   * add to the count of all addresses, so one address can lock only itself out.
   */
  async function gate(
    kind: SecretKind,
    key: string,
    address: string | null,
    options: { perAddressOnly?: boolean } = {},
  ): Promise<SecretGate> {
    const now = new Date();
    const limits = {
      max: LOGIN_LOCK.maxFailures,
      windowMs: LOGIN_LOCK.windowMs,
      lockMs: LOGIN_LOCK.lockMs,
      maxLockMs: LOGIN_LOCK.maxLockMs,
    };
    const own = { kind, key: key.slice(0, 200), address: (address ?? 'unknown').slice(0, 64) };
    if (own.address === ALL_ADDRESSES) own.address = 'unknown';
    const minutesTo = (until: Date | null) =>
      Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));

    const mine = await countSecretAttempt(db, own, limits, now);
    if (mine.failures > limits.max) return { locked: true, minutes: minutesTo(mine.lockedUntil) };

    const trusted =
      mine.lastSuccessAt !== null && now.getTime() - mine.lastSuccessAt.getTime() < LOGIN_LOCK.trustedForMs;
    const all = options.perAddressOnly || trusted ? null : { ...own, address: ALL_ADDRESSES };
    if (all) {
      const counted = await countSecretAttempt(db, all, { ...limits, max: LOGIN_LOCK.accountMaxFailures }, now);
      if (counted.failures > LOGIN_LOCK.accountMaxFailures) {
        return { locked: true, minutes: minutesTo(counted.lockedUntil) };
      }
    }
    return {
      locked: false,
      passed: async () => {
        const at = new Date();
        await clearSecretFailures(db, own, at);
        if (all) await uncountSecretAttempt(db, all, at);
      },
    };
  }

  async function login(attempt: SignInAttempt): Promise<LoginResponse> {
    const now = new Date();
    const candidate = await resolveCandidate(attempt);
    // Unknown accounts are counted the same way, so the lock tells nothing.
    const key = `${candidate?.user.tenantId ?? '-'}:${attempt.account}`;
    const checked = await gate('login', key, attempt.ip);
    if (checked.locked) {
      await record(attempt, candidate, 'locked', 'locked', now);
      throw tooManyRequests('errors.accountLocked', { minutes: checked.minutes });
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
    await checked.passed();
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
    // The 3D dashboard follows the user's own tenant, read at sign-in like the spec's session flag.
    const home = await findTenant(db, user.tenantId);
    const sessionUser: SessionUser = {
      userId: user.id,
      account: user.account,
      username: user.username,
      tenantId: user.tenantId,
      tenantName: candidate.tenantName,
      platformAdmin: isPlatformAdmin(user.tenantId, roles),
      dashboard3d: home?.dashboard3d === 1,
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

  return { login, gate, externalLogin, findSession, logout, revokeOthers, revokeAll };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Thrown for a session whose user or tenant was disabled after sign-in. */
export function disabledError(session: LiveSession): AppError | null {
  if (session.tenantStatus !== STATUS.enabled) return forbidden('errors.tenantDisabled');
  if (session.userStatus !== STATUS.enabled) return forbidden('errors.accountDisabled');
  return null;
}
