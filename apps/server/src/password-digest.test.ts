import { translate } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/create-test-app.js';
import { as, digest, login, makeUser } from '../test/factories.js';
import { loginLogs, secretFailures } from './modules/auth/auth.tables.js';
import { tenants } from './modules/tenants/tenants.tables.js';
import { users } from './modules/users/users.tables.js';
import { ADMIN_ACCOUNT } from './seed.js';

/** Not what a browser sends for a password: empty, short, long, uppercase, not hex, in clear. */
const MALFORMED = [
  '',
  digest('x').slice(0, 63),
  `${digest('x')}0`,
  digest('x').toUpperCase(),
  'g'.repeat(64),
  'Plain-password-1',
];

/**
 * Every request that carries a password takes it as the SHA-256 hex digest the browser computes
 * (contracts `passwordDigest`): anything else is refused with the validation answer and the
 * digest message under that field, in the caller's language, and changes nothing.
 */
describe('password digests on every route that takes a password', () => {
  let t: TestApp;
  let root: string;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/system-server/${url}`, headers, payload });

  /** Refused with 422, the validation message and the digest message under each password field. */
  const expectRefused = (res: Awaited<ReturnType<typeof post>>, lang: 'zh-CN' | 'zh-TW' | 'en-US', paths: string[]) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: translate(lang, 'errors.validation'), data: null });
    expect(res.json().errors).toEqual(
      paths.map((path) => ({ path, message: translate(lang, 'validation.passwordHash') })),
    );
  };

  it('sign-in: refused before any look-up, counted nowhere', async () => {
    const user = await makeUser(t, 1);
    for (const [i, bad] of MALFORMED.entries()) {
      const lang = (['zh-CN', 'zh-TW', 'en-US'] as const)[i % 3]!;
      expectRefused(await post('auth/login', { account: user.account, password: bad }, { lang }), lang, ['password']);
    }
    expect(await t.db.select().from(loginLogs).where(eq(loginLogs.account, user.account))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(secretFailures)
        .where(eq(secretFailures.key, `1:${user.account}`)),
    ).toEqual([]);
    await expect(login(t.app, user.account, user.password)).resolves.toBeTypeOf('string');
  });

  it('password change: neither the old nor the new one may be malformed; the password stays', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    for (const bad of MALFORMED) {
      const headers = as(token, { lang: 'en-US' });
      expectRefused(await post('user/updatePwd', { oldPwd: bad, newPwd: digest('Brand-new-2x') }, headers), 'en-US', [
        'oldPwd',
      ]);
      expectRefused(await post('user/updatePwd', { oldPwd: digest(user.password), newPwd: bad }, headers), 'en-US', [
        'newPwd',
      ]);
    }
    await expect(login(t.app, user.account, user.password)).resolves.toBeTypeOf('string');
  });

  it('user creation and password reset: no user is made, no password is set', async () => {
    const user = await makeUser(t, 1);
    for (const bad of MALFORMED) {
      seq += 1;
      const account = `digest-${seq}-${Date.now().toString(36)}`;
      const headers = as(root, { lang: 'zh-TW' });
      expectRefused(await post('user/create', { account, username: 'Someone', password: bad }, headers), 'zh-TW', [
        'password',
      ]);
      expect(await t.db.select().from(users).where(eq(users.account, account))).toEqual([]);
      expectRefused(await post('user/resetPwd', { userId: user.id, password: bad }, headers), 'zh-TW', ['password']);
    }
    await expect(login(t.app, user.account, user.password)).resolves.toBeTypeOf('string');
    // The same requests with a digest go through.
    const account = `digest-ok-${Date.now().toString(36)}`;
    const made = await post('user/create', { account, username: 'Someone', password: digest('Good-pass-1') }, as(root));
    expect(made.statusCode).toBe(200);
    expect(
      (await post('user/resetPwd', { userId: user.id, password: digest('Reset-pass-2') }, as(root))).statusCode,
    ).toBe(200);
  });

  it("tenant creation: no tenant is made with a malformed administrator's password", async () => {
    for (const bad of MALFORMED) {
      seq += 1;
      const tenantCode = `dg${seq}${Date.now().toString(36)}`;
      const input = {
        tenantCode,
        tenantName: `Digest ${seq}`,
        adminPhone: '+86 138 0013 8000',
        adminAccount: `${tenantCode}-admin`,
        adminName: 'Ada Admin',
        adminPassword: bad,
        adminEmail: 'ada@acme.example',
      };
      expectRefused(await post('tenant/create', input, as(root, { lang: 'zh-CN' })), 'zh-CN', ['adminPassword']);
      expect(await t.db.select().from(tenants).where(eq(tenants.code, tenantCode))).toEqual([]);
    }
  });
});
