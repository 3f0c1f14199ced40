import { LOGIN_LOCK, SESSION_TTL_MS, translate } from '@patrol/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser } from '../../../test/factories.js';
import { STATUS } from '../../db/columns.js';
import { setTenantStatus } from '../tenants/tenants.repository.js';
import { setUserStatus } from '../users/users.repository.js';
import { users } from '../users/users.tables.js';
import { loginLogs, secretFailures, sessions } from './auth.tables.js';
import { hashToken } from './auth.service.js';

const LOGIN = '/api/system-server/auth/login';
const LOGOUT = '/api/system-server/auth/logout';
const HOME = '/api/system-server/user/get/home/date';

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (account: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: LOGIN, headers, payload: { account, password: digest(password) } });

  const logsOf = (account: string) =>
    t.db.select().from(loginLogs).where(eq(loginLogs.account, account)).orderBy(desc(loginLogs.id));

  it('signs the first administrator in and answers a token, its expiry and the user', async () => {
    const before = Date.now();
    const res = await attempt('admin', TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, message: 'success' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(body.data.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(SESSION_TTL_MS - 1000);
    expect(expires - before).toBeLessThanOrEqual(SESSION_TTL_MS + 5000);
    expect(body.data.user).toEqual({
      userId: 1,
      account: 'admin',
      username: 'Administrator',
      tenantId: 1,
      tenantName: '平台租户',
      platformAdmin: true,
      dashboard3d: false,
    });
  });

  it('stores only the SHA-256 of the token, and updates the last sign-in time', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(row!.userId).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(token);
    const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const user = await makeUser(t, 1);
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const wrong = await attempt(user.account, 'not-the-password', { lang });
      const unknown = await attempt(`nobody-${user.account}`, 'whatever', { lang });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ code: 401, message: translate(lang, 'errors.loginFailed'), data: null });
    }
  });

  it('writes a login log row for every attempt, with account, address, agent, result and reason', async () => {
    const user = await makeUser(t, 1);
    await attempt(user.account, 'wrong-one', { 'user-agent': 'test-agent/1' });
    await attempt(user.account, user.password, { 'user-agent': 'test-agent/2' });
    await attempt(`ghost-${user.account}`, 'x');
    const rows = await logsOf(user.account);
    expect(rows.map((r) => [r.result, r.reason, r.userAgent, r.userId, r.tenantId])).toEqual([
      ['success', 'ok', 'test-agent/2', user.id, 1],
      ['failure', 'wrong_password', 'test-agent/1', user.id, 1],
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    const [ghost] = await logsOf(`ghost-${user.account}`);
    expect(ghost).toMatchObject({ result: 'failure', reason: 'unknown_account', userId: null, tenantId: null });
  });

  it(`locks an account after ${LOGIN_LOCK.maxFailures} failures, even for the right password`, async () => {
    const user = await makeUser(t, 1);
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) {
      expect((await attempt(user.account, `wrong-${i}`)).statusCode).toBe(401);
    }
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const locked = await attempt(user.account, user.password, { lang });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 429,
        message: translate(lang, 'errors.accountLocked', { minutes: 15 }),
        data: null,
      });
    }
    const [last] = await logsOf(user.account);
    expect(last).toMatchObject({ result: 'locked', reason: 'locked' });
    // Another account is not affected.
    const other = await makeUser(t, 1);
    expect((await attempt(other.account, other.password)).statusCode).toBe(200);
  });

  const from = (remoteAddress: string, account: string, password: string) =>
    t.app.inject({ method: 'POST', url: LOGIN, remoteAddress, payload: { account, password: digest(password) } });

  it('locks the address that failed, not the account: another address still signs in', async () => {
    const user = await makeUser(t, 1);
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) {
      expect((await from('10.1.0.1', user.account, `wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await from('10.1.0.1', user.account, user.password)).statusCode).toBe(429);
    expect((await from('10.1.0.2', user.account, user.password)).statusCode).toBe(200);
    // Still locked where it failed: its own success elsewhere does not open it.
    expect((await from('10.1.0.1', user.account, user.password)).statusCode).toBe(429);
  });

  it('keeps the platform administrator reachable while anonymous addresses lock themselves out', async () => {
    for (let i = 0; i <= LOGIN_LOCK.maxFailures; i++) await from('10.2.0.1', 'admin', `guess-${i}`);
    expect((await from('10.2.0.1', 'admin', TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await from('10.2.0.2', 'admin', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it(`locks the account for new addresses after ${LOGIN_LOCK.accountMaxFailures} failures from all addresses, not for a known one`, async () => {
    const user = await makeUser(t, 1);
    expect((await from('10.3.1.1', user.account, user.password)).statusCode).toBe(200);
    const addresses = LOGIN_LOCK.accountMaxFailures / LOGIN_LOCK.maxFailures;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) {
        expect((await from(`10.3.0.${a}`, user.account, `wrong-${i}`)).statusCode).toBe(401);
      }
    }
    const fresh = await from('10.3.2.1', user.account, user.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toBe(translate('zh-CN', 'errors.accountLocked', { minutes: 15 }));
    expect((await from('10.3.1.1', user.account, user.password)).statusCode).toBe(200);
  });

  it('doubles the lock of an address at each further lock', async () => {
    const user = await makeUser(t, 1);
    const lockOnce = async () => {
      for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) await from('10.4.0.1', user.account, `wrong-${i}`);
      const res = await from('10.4.0.1', user.account, user.password);
      await t.db
        .update(secretFailures)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(secretFailures.key, `1:${user.account}`));
      return res.json().message as string;
    };
    expect(await lockOnce()).toBe(translate('zh-CN', 'errors.accountLocked', { minutes: 15 }));
    expect(await lockOnce()).toBe(translate('zh-CN', 'errors.accountLocked', { minutes: 30 }));
    expect(await lockOnce()).toBe(translate('zh-CN', 'errors.accountLocked', { minutes: 60 }));
    // A success clears the streak.
    expect((await from('10.4.0.1', user.account, user.password)).statusCode).toBe(200);
    expect(await lockOnce()).toBe(translate('zh-CN', 'errors.accountLocked', { minutes: 15 }));
  });

  it('lets the lock run out after 15 minutes', async () => {
    const user = await makeUser(t, 1);
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) await attempt(user.account, `wrong-${i}`);
    expect((await attempt(user.account, user.password)).statusCode).toBe(429);
    const longAgo = new Date(Date.now() - 60_000);
    await t.db
      .update(secretFailures)
      .set({ lockedUntil: longAgo })
      .where(eq(secretFailures.key, `1:${user.account}`));
    expect((await attempt(user.account, user.password)).statusCode).toBe(200);
  });

  it('does not count failures from before the last success', async () => {
    const user = await makeUser(t, 1);
    for (let i = 0; i < LOGIN_LOCK.maxFailures - 1; i++) await attempt(user.account, 'nope');
    expect((await attempt(user.account, user.password)).statusCode).toBe(200);
    await attempt(user.account, 'nope');
    expect((await attempt(user.account, user.password)).statusCode).toBe(200);
  });

  it('locks unknown accounts the same way, so the lock tells nothing', async () => {
    const account = `ghost-${Date.now()}`;
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) await attempt(account, 'x');
    expect((await attempt(account, 'x')).statusCode).toBe(429);
  });

  it('refuses a disabled user (403) only after the right password', async () => {
    const user = await makeUser(t, 1, { status: STATUS.disabled });
    const wrong = await attempt(user.account, 'wrong', { lang: 'en-US' });
    expect(wrong.statusCode).toBe(401);
    const res = await attempt(user.account, user.password, { lang: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(translate('en-US', 'errors.accountDisabled'));
    const [last] = await logsOf(user.account);
    expect(last).toMatchObject({ result: 'failure', reason: 'user_disabled' });
  });

  it('refuses a user of a disabled tenant (403)', async () => {
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id);
    await setTenantStatus(t.db, tenant.id, STATUS.disabled);
    const res = await attempt(user.account, user.password, { lang: 'zh-TW' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(translate('zh-TW', 'errors.tenantDisabled'));
  });

  it('refuses malformed input with 422 and the field problems, localised', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { lang: 'en-US' },
      payload: { account: '  ', password: 'plain-text' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 422,
      message: translate('en-US', 'errors.validation'),
      data: null,
      errors: [
        { path: 'account', message: translate('en-US', 'validation.accountRequired') },
        { path: 'password', message: translate('en-US', 'validation.passwordHash') },
      ],
    });
  });

  describe('which tenant an account belongs to', () => {
    it('looks in the tenant of the tenant-id header first', async () => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const inA = await makeUser(t, a.id, { account: `same-${a.code}`, password: 'Pass-in-A-1' });
      await makeUser(t, b.id, { account: inA.account, password: 'Pass-in-B-1' });

      const res = await attempt(inA.account, 'Pass-in-B-1', { 'tenant-id': String(b.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.tenantId).toBe(b.id);
      expect((await attempt(inA.account, 'Pass-in-B-1', { 'tenant-id': String(a.id) })).statusCode).toBe(401);
      expect((await attempt(inA.account, 'Pass-in-A-1', { 'tenant-id': String(a.id) })).statusCode).toBe(200);
    });

    it('refuses an account held in several tenants without the header of one of them', async () => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const inA = await makeUser(t, a.id, { account: `dup-${a.code}`, password: 'Pass-in-A-1' });
      await makeUser(t, b.id, { account: inA.account, password: 'Pass-in-B-1' });
      expect((await attempt(inA.account, 'Pass-in-A-1')).statusCode).toBe(401);
      // The console's default header (tenant 1) does not hold the account either.
      expect((await attempt(inA.account, 'Pass-in-A-1', { 'tenant-id': '1' })).statusCode).toBe(401);
    });

    it('finds an account that is unique across tenants, whatever the header says', async () => {
      const tenant = await makeTenant(t);
      const user = await makeUser(t, tenant.id);
      for (const headers of [{}, { 'tenant-id': '1' }, { 'tenant-id': '999999' }, { 'tenant-id': 'abc' }]) {
        const res = await attempt(user.account, user.password, headers as Record<string, string>);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.user).toMatchObject({ tenantId: tenant.id, platformAdmin: false });
      }
    });

    it("prefers the platform tenant's account when the console sends its default tenant id", async () => {
      const tenant = await makeTenant(t);
      // A tenant's own "admin" does not shadow the platform administrator.
      await makeUser(t, tenant.id, { account: 'admin', password: 'Tenant-admin-1' });
      const res = await attempt('admin', TEST_ADMIN_PASSWORD, { 'tenant-id': '1' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ tenantId: 1, platformAdmin: true });
      const theirs = await attempt('admin', 'Tenant-admin-1', { 'tenant-id': String(tenant.id) });
      expect(theirs.json().data.user).toMatchObject({ tenantId: tenant.id, platformAdmin: false });
    });
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts the token as a Bearer token and bare', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    expect((await t.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: HOME, headers: { authorization: token } })).statusCode).toBe(200);
  });

  it('answers 401 with the localised message without a token or with a wrong one', async () => {
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      for (const headers of [{ lang }, { lang, authorization: 'Bearer nope' }]) {
        const res = await t.app.inject({ method: 'GET', url: HOME, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 401, message: translate(lang, 'errors.unauthorized'), data: null });
      }
    }
  });

  it('logout revokes the session: the token then gets 401', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const other = await login(t.app, user.account, user.password);
    const res = await t.app.inject({ method: 'POST', url: LOGOUT, headers: as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'success', data: null });
    expect((await t.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: LOGOUT, headers: as(token) })).statusCode).toBe(401);
    // The user's other session is untouched.
    expect((await t.app.inject({ method: 'GET', url: HOME, headers: as(other) })).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses an expired session', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(401);
  });

  it('stops a session at once when its user is disabled', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    await setUserStatus(t.db, 1, user.id, STATUS.disabled);
    const res = await t.app.inject({ method: 'GET', url: HOME, headers: as(token, { lang: 'en-US' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(translate('en-US', 'errors.accountDisabled'));
  });
});
