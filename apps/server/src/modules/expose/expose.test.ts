import { LOGIN_LOCK, translate } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const BASE = '/api/system-server/expose';
const TOKEN = `${BASE}/token`;
const EXTERNAL = '/api/system-server/auth/external-login';
const ROUTES = ['GET page', 'POST create', 'POST update', 'POST status', 'POST delete'];

describe('expose accounts and external access', () => {
  let t: TestApp;
  let tenantId: number;
  let admin: MadeUser;
  let token: string;
  let operator: MadeUser;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    admin = await makeUser(t, tenantId, { grants: ROUTES.map((r) => r.replace(' ', ` ${BASE}/`)) });
    token = await login(t.app, admin.account, admin.password);
    operator = await makeUser(t, tenantId, { menus: ['data', 'position'] });
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, who = token) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(who, headers), payload: payload as object });
  const newAccount = async (overrides: Record<string, unknown> = {}) => {
    seq += 1;
    const input = { name: `Partner ${seq}`, account: `partner${seq}`, password: 'Conn-pass-99', ...overrides };
    const res = await post('create', input);
    expect(res.statusCode).toBe(200);
    return { ...input, exposeId: res.json().data.exposeId as number };
  };
  const buyToken = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: TOKEN, payload });
  const externalLogin = (payload: Record<string, unknown>, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: EXTERNAL, headers: { lang }, payload });

  it('creates, lists, renames and disables expose accounts; the password is never shown or stored in clear', async () => {
    const created = await newAccount();
    const page = (await t.app.inject({ method: 'GET', url: `${BASE}/page`, headers: as(token) })).json().data;
    const row = page.rows.find((r: { exposeId: number }) => r.exposeId === created.exposeId);
    expect(row).toMatchObject({ name: created.name, account: created.account, status: 1 });
    expect(JSON.stringify(page)).not.toContain('Conn-pass-99');
    const { exposeAccounts } = await import('./expose.tables.js');
    const stored = await t.db.select().from(exposeAccounts);
    expect(stored.every((r) => r.passwordHash.startsWith('scrypt$') && !r.passwordHash.includes('Conn-pass'))).toBe(
      true,
    );

    expect((await post('update', { exposeId: created.exposeId, name: 'Renamed', password: '' })).statusCode).toBe(200);
    expect((await post('status', { exposeId: created.exposeId, status: 0 })).statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: `${BASE}/page?keyword=Renamed`, headers: as(token) })
    ).json();
    expect(after.data.rows[0]).toMatchObject({ name: 'Renamed', status: 0 });
  });

  it('refuses Chinese characters, a short password and a taken account with field messages', async () => {
    const bad = await post('create', { name: '合作方', account: 'acct', password: 'abc' }, { lang: 'en-US' });
    expect(bad.statusCode).toBe(422);
    expect(
      Object.fromEntries(bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])),
    ).toEqual({
      name: 'Chinese characters are not allowed',
      password: 'The connection password is 8 to 64 characters',
    });
    const long = await post('create', { name: 'x', account: 'acct', password: '密码密码密码密码' }, { lang: 'zh-TW' });
    expect(long.json().errors).toEqual([{ path: 'password', message: '不能包含中文字元' }]);
    const first = await newAccount();
    const taken = await post(
      'create',
      { name: 'Other', account: first.account, password: 'Conn-pass-99' },
      { lang: 'zh-CN' },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'account', message: '该账号在本租户中已存在' }]);
  });

  it('trades the connection password for a one-time token that signs the user in with an external session', async () => {
    const partner = await newAccount();
    const bought = await buyToken({
      tenantId,
      account: partner.account,
      password: partner.password,
      userAccount: operator.account,
    });
    expect(bought.statusCode).toBe(200);
    const { token: oneTime, loginPath, expiresAt } = bought.json().data;
    expect(loginPath).toBe(`/#/external-login?token=${encodeURIComponent(oneTime)}&tenantId=${tenantId}`);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());

    const signedIn = await externalLogin({ token: oneTime, tenantId });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().data;
    expect(session.user).toMatchObject({ account: operator.account, tenantId });
    const home = await t.app.inject({
      method: 'GET',
      url: '/api/system-server/user/get/home/date',
      headers: as(session.token),
    });
    expect(home.statusCode).toBe(200);
    const { sessions } = await import('../auth/auth.tables.js');
    const rows = await t.db.select().from(sessions);
    expect(rows.filter((r) => r.userId === operator.id).map((r) => r.external)).toContain(true);

    // Once only.
    const again = await externalLogin({ token: oneTime, tenantId });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Verification failed');
    // In the login log, as external.
    const logs = await t.app.inject({
      method: 'GET',
      url: `/api/log-server/login/page?operator=${operator.account}`,
      headers: as(await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD), { 'tenant-id': String(tenantId) }),
    });
    expect(logs.json().data.rows[0]).toMatchObject({ result: 'success', reason: 'external' });
  });

  it('refuses a wrong password, an unknown user, a disabled account and another tenant alike', async () => {
    const partner = await newAccount();
    const base = { tenantId, account: partner.account, password: partner.password, userAccount: operator.account };
    for (const payload of [
      { ...base, password: 'Wrong-pass-99' },
      { ...base, userAccount: 'nobody-here' },
      { ...base, account: 'no-such-partner' },
      { ...base, tenantId: 999999 },
    ]) {
      const res = await buyToken(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('第三方账号、连接密码或用户不正确');
    }
    await post('status', { exposeId: partner.exposeId, status: 0 });
    expect((await buyToken(base)).statusCode).toBe(401);
  });

  it(`checks at most ${LOGIN_LOCK.maxFailures} connection passwords of a burst from one address; another address still buys`, async () => {
    const partner = await newAccount();
    const base = { tenantId, account: partner.account, password: partner.password, userAccount: operator.account };
    const from = (remoteAddress: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: TOKEN, remoteAddress, headers: { lang: 'en-US' }, payload });
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => from('10.5.0.1', { ...base, password: `Wrong-pass-${i}` })),
      from('10.5.0.1', base),
    ]);
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LOCK.maxFailures);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(51 - LOGIN_LOCK.maxFailures);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json().message).toBe(translate('en-US', 'errors.secretLocked', { minutes: 15 }));
    expect((await from('10.5.0.2', base)).statusCode).toBe(200);
  });

  it(`checks at most ${LOGIN_LOCK.maxFailures} external-access tokens of a burst from one address`, async () => {
    const partner = await newAccount();
    const bought = await buyToken({
      tenantId,
      account: partner.account,
      password: partner.password,
      userAccount: operator.account,
    });
    const oneTime = bought.json().data.token as string;
    const from = (remoteAddress: string, token: string) =>
      t.app.inject({
        method: 'POST',
        url: EXTERNAL,
        remoteAddress,
        headers: { lang: 'en-US' },
        payload: { token, tenantId },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => from('10.6.0.1', `guess-${i}`)),
      from('10.6.0.1', oneTime),
    ]);
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LOCK.maxFailures);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json().message).toBe(translate('en-US', 'errors.tooManyRequests'));
    // The token was not used up by the refusal: it still signs in from elsewhere.
    expect((await from('10.6.0.2', oneTime)).statusCode).toBe(200);
  });

  it('shows its own message for a missing token, a missing tenant id, an unknown tenant and a token of another tenant', async () => {
    const missingToken = await externalLogin({ tenantId });
    expect(missingToken.statusCode).toBe(422);
    expect(missingToken.json().errors[0]).toEqual({ path: 'token', message: 'The token parameter is missing' });
    const missingTenant = await externalLogin({ token: 'abc' });
    expect(missingTenant.json().errors[0]).toEqual({ path: 'tenantId', message: 'The tenant ID parameter is missing' });
    const unknownTenant = await externalLogin({ token: 'abc', tenantId: 999999 });
    expect(unknownTenant.statusCode).toBe(404);
    expect(unknownTenant.json().message).toBe('Failed to get tenant information');

    const partner = await newAccount();
    const bought = await buyToken({
      tenantId,
      account: partner.account,
      password: partner.password,
      userAccount: operator.account,
    });
    const other = await makeTenant(t);
    const elsewhere = await externalLogin({ token: bought.json().data.token, tenantId: other.id });
    expect(elsewhere.statusCode).toBe(401);
    // Still usable in its own tenant: the failed try did not use it up.
    expect((await externalLogin({ token: bought.json().data.token, tenantId })).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's expose account and 403 without the grants", async () => {
    const other = await makeTenant(t);
    const otherAdmin = await makeUser(t, other.id, { grants: ROUTES.map((r) => r.replace(' ', ` ${BASE}/`)) });
    const otherToken = await login(t.app, otherAdmin.account, otherAdmin.password);
    const foreign = (
      await post('create', { name: 'Theirs', account: 'theirs', password: 'Conn-pass-99' }, {}, otherToken)
    ).json().data.exposeId;
    for (const [path, body] of [
      ['update', { exposeId: foreign, name: 'Taken' }],
      ['status', { exposeId: foreign, status: 0 }],
      ['delete', { exposeId: foreign }],
    ] as const) {
      expect((await post(path, body)).statusCode, path).toBe(404);
    }
    const plain = await makeUser(t, tenantId);
    const plainToken = await login(t.app, plain.account, plain.password);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/page`, headers: as(plainToken) })).statusCode).toBe(403);
    expect((await post('create', {}, {}, plainToken)).statusCode).toBe(403);
  });
});
