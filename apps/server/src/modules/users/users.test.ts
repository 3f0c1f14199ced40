import { LOGIN_LOCK, MENU_TREE, menuNames, translate, type MenuNode } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser, menuId } from '../../../test/factories.js';
import { STATUS } from '../../db/columns.js';
import { setMenuStatus } from '../menus/menus.repository.js';

const HOME = '/api/system-server/user/get/home/date';
const UPDATE_PWD = '/api/system-server/user/updatePwd';

const titles = (nodes: MenuNode[]): Record<string, string> =>
  Object.fromEntries(nodes.flatMap((n) => [[n.name, n.title], ...Object.entries(titles(n.children))]));

describe('home data', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('gives the administrator the whole menu tree in the order of the seed', async () => {
    const res = await t.app.inject({ method: 'GET', url: HOME, headers: as(adminToken) });
    expect(res.statusCode).toBe(200);
    const { menu, loginUser } = res.json().data as { menu: MenuNode[]; loginUser: Record<string, unknown> };
    expect(menuNames(menu)).toEqual(menuNames(MENU_TREE));
    expect(menu.map((m) => m.name)).toEqual(MENU_TREE.map((m) => m.name));
    const sys = menu.find((m) => m.name === 'sys')!;
    expect(sys).toMatchObject({ path: '/sys', icon: 'SettingOutlined', showFlag: 1 });
    expect(sys.children.map((c) => c.name)).toEqual(
      MENU_TREE.find((m) => m.name === 'sys')!.children!.map((c) => c.name),
    );
    expect(menu.find((m) => m.name === 'workVision')!.showFlag).toBe(0);
    expect(loginUser).toMatchObject({
      userId: 1,
      account: 'admin',
      tenantId: 1,
      tenantName: '平台租户',
      platformAdmin: true,
      roles: [expect.objectContaining({ roleCode: 'admin' })],
    });
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)('titles the menu in %s from the lang header', async (lang) => {
    const res = await t.app.inject({ method: 'GET', url: HOME, headers: as(adminToken, { lang }) });
    const got = titles(res.json().data.menu);
    const seeds = MENU_TREE.flatMap((m) => [m, ...(m.children ?? [])]);
    for (const seed of seeds) expect(got[seed.name]).toBe(seed.titles[lang]);
  });

  it('falls back to Accept-Language, then to zh-CN', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: HOME,
      headers: as(adminToken, { 'accept-language': 'en-GB,en;q=0.9' }),
    });
    expect(titles(en.json().data.menu).home).toBe('Home');
    const zh = await t.app.inject({ method: 'GET', url: HOME, headers: as(adminToken) });
    expect(titles(zh.json().data.menu).home).toBe('首页');
  });

  it("holds only the menus of the user's roles, with their parents, and hides disabled ones", async () => {
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id, { menus: ['home', 'taskList', 'schedule', 'loginList'] });
    const token = await login(t.app, user.account, user.password);
    const res = await t.app.inject({ method: 'GET', url: HOME, headers: as(token, { lang: 'en-US' }) });
    const { menu, loginUser } = res.json().data as { menu: MenuNode[]; loginUser: Record<string, unknown> };
    expect(menu.map((m) => [m.name, m.children.map((c) => c.name)])).toEqual([
      ['home', []],
      ['task', ['taskList', 'schedule']],
      ['log', ['loginList']],
    ]);
    expect(loginUser).toMatchObject({
      userId: user.id,
      tenantId: tenant.id,
      tenantName: tenant.name,
      platformAdmin: false,
    });

    const other = await createTestApp();
    try {
      // A disabled parent hides its whole branch; a disabled leaf only itself.
      await setMenuStatus(other.db, await menuId(other, 'schedule'), STATUS.disabled);
      await setMenuStatus(other.db, await menuId(other, 'log'), STATUS.disabled);
      const u = await makeUser(other, 1, { menus: ['home', 'taskList', 'schedule', 'loginList'] });
      const tok = await login(other.app, u.account, u.password);
      const r = await other.app.inject({ method: 'GET', url: HOME, headers: as(tok) });
      const tree = r.json().data.menu as MenuNode[];
      expect(tree.map((m) => [m.name, m.children.map((c) => c.name)])).toEqual([
        ['home', []],
        ['task', ['taskList']],
      ]);
    } finally {
      await other.close();
    }
  });

  it('gives a user without roles an empty menu', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const res = await t.app.inject({ method: 'GET', url: HOME, headers: as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.menu).toEqual([]);
    expect(res.json().data.loginUser.roles).toEqual([]);
  });
});

describe('change password (envelope B)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (token: string, oldPwd: string, newPwd: string, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(token, { lang }),
      payload: { oldPwd: digest(oldPwd), newPwd: digest(newPwd) },
    });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const res = await change(token, user.password, 'Brand-new-2x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 1, msg: 'success', message: 'success', data: null });
    await expect(login(t.app, user.account, 'Brand-new-2x')).resolves.toBeTypeOf('string');
    await expect(login(t.app, user.account, user.password)).rejects.toThrow(/401/);
  });

  it('ends the other sessions of the user and keeps the current one', async () => {
    const user = await makeUser(t, 1);
    const current = await login(t.app, user.account, user.password);
    const elsewhere = await login(t.app, user.account, user.password);
    const stranger = await makeUser(t, 1);
    const strangerToken = await login(t.app, stranger.account, stranger.password);
    expect((await change(current, user.password, 'Another-one-3y')).json().state).toBe(1);
    const home = (token: string) => t.app.inject({ method: 'GET', url: HOME, headers: as(token) });
    expect((await home(current)).statusCode).toBe(200);
    expect((await home(elsewhere)).statusCode).toBe(401);
    expect((await home(strangerToken)).statusCode).toBe(200);
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'answers state 0 and a %s message for a wrong old password',
    async (lang) => {
      const user = await makeUser(t, 1);
      const token = await login(t.app, user.account, user.password);
      const res = await change(token, 'not-my-password', 'Brand-new-2x', lang);
      expect(res.statusCode).toBe(200);
      const msg = translate(lang, 'errors.oldPasswordWrong');
      expect(res.json()).toEqual({ state: 0, msg, message: msg, data: null });
      await expect(login(t.app, user.account, user.password)).resolves.toBeTypeOf('string');
    },
  );

  it(`checks at most ${LOGIN_LOCK.maxFailures} old passwords of a burst; then even the right one is refused`, async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    // The burst arrives at once; the right password comes after it (sent with the burst, it may be
    // checked before ten wrong ones are).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => change(token, `not-mine-${i}`, 'Brand-new-2x', 'en-US')),
    );
    const wrong = translate('en-US', 'errors.oldPasswordWrong');
    expect(answers.filter((a) => a.json().msg === wrong).length).toBeLessThanOrEqual(LOGIN_LOCK.maxFailures);
    const locked = translate('en-US', 'errors.secretLocked', { minutes: 15 });
    const right = await change(token, user.password, 'Brand-new-2x', 'en-US');
    expect(right.json()).toEqual({ state: 0, msg: locked, message: locked, data: null });
    // Unchanged.
    await expect(login(t.app, user.account, user.password)).resolves.toBeTypeOf('string');
  });

  it('answers state 0 when the new password equals the old one', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const res = await change(token, user.password, user.password, 'en-US');
    expect(res.json()).toMatchObject({ state: 0, msg: translate('en-US', 'errors.samePassword') });
  });

  it('refuses a value that is not a SHA-256 digest with 422 and field errors', async () => {
    const user = await makeUser(t, 1);
    const token = await login(t.app, user.account, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(token, { lang: 'zh-TW' }),
      payload: { oldPwd: user.password, newPwd: 'abc' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 422,
      message: translate('zh-TW', 'errors.validation'),
      data: null,
      errors: [
        { path: 'oldPwd', message: translate('zh-TW', 'validation.passwordHash') },
        { path: 'newPwd', message: translate('zh-TW', 'validation.passwordHash') },
      ],
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(token, { lang: 'en-US' }),
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      { path: 'oldPwd', message: translate('en-US', 'validation.passwordRequired') },
      { path: 'newPwd', message: translate('en-US', 'validation.passwordRequired') },
    ]);
  });

  it('needs a session (401 envelope)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      payload: { oldPwd: digest('a'), newPwd: digest('b') },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });

  it('changes the password of the caller only, even when acting in another tenant', async () => {
    const tenant = await makeTenant(t);
    const target = await makeUser(t, tenant.id);
    const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(admin, { 'tenant-id': String(tenant.id) }),
      payload: { oldPwd: digest(target.password), newPwd: digest('Hijacked-pw-9') },
    });
    expect(res.json().state).toBe(0);
    await expect(login(t.app, target.account, target.password)).resolves.toBeTypeOf('string');
  });
});
