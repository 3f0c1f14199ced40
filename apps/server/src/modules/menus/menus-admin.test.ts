import { menuNames } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, menuId } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const BASE = '/api/system-server/menu';

describe('menu management', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, lang = 'en-US', token = root) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(token, { lang }), payload: payload as object });
  const homeMenu = async (lang = 'zh-CN') =>
    (
      await t.app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(root, { lang }) })
    ).json().data.menu;
  const entry = (overrides: Record<string, unknown> = {}) => ({
    name: 'patrolReport',
    path: 'patrolReport',
    icon: 'FileTextOutlined',
    sort: 5,
    showFlag: 1,
    nameZhCn: '巡检报告',
    nameZhTw: '巡檢報告',
    nameEnUs: 'Patrol report',
    ...overrides,
  });

  it('lists the whole tree with every field and marks the built-in menus', async () => {
    const tree = (await t.app.inject({ method: 'GET', url: `${BASE}/tree`, headers: as(root) })).json().data;
    const sys = tree.find((n: { name: string }) => n.name === 'sys');
    expect(sys).toMatchObject({ builtIn: true, nameEnUs: 'System', status: 1 });
    expect(sys.children.map((c: { name: string }) => c.name)).toContain('menulistctrl');
  });

  it('adds a menu under a parent; the side menu of administrators shows it in each language', async () => {
    const parentId = await menuId(t, 'data');
    expect((await post('create', entry({ parentId }))).statusCode).toBe(200);
    const data = (await homeMenu('en-US')).find((n: { name: string }) => n.name === 'data');
    expect(data.children[0]).toMatchObject({ name: 'patrolReport', title: 'Patrol report', icon: 'FileTextOutlined' });

    const taken = await post('create', entry({ parentId }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'name', message: 'This route name is already taken' }]);
  });

  it('refuses bad input with field messages, and a parent that is the menu itself or below it', async () => {
    const bad = await post(
      'create',
      entry({ name: '9lives', path: 'a b', icon: 'not-an-icon', sort: -1, nameZhTw: '' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(
      Object.fromEntries(bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])),
    ).toEqual({
      name: 'Route names start with a letter and hold letters, digits, _ and - (at most 100)',
      path: 'Paths hold letters, digits, _, -, : and / only',
      icon: 'Use an Ant Design icon name, such as HomeOutlined',
      sort: 'Sort is a whole number from 0 to 99999',
      nameZhTw: 'Please enter the Traditional Chinese name',
    });
    const sys = await menuId(t, 'sys');
    const users = await menuId(t, 'organuserctrl');
    const cycle = await post('update', { menuId: sys, ...entry({ parentId: users }), name: undefined });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().errors[0].path).toBe('parentId');
  });

  it('disabling a menu hides its branch from every side menu; enabling brings it back', async () => {
    const data = await menuId(t, 'data');
    expect((await post('status', { menuId: data, status: 0 })).statusCode).toBe(200);
    expect(menuNames(await homeMenu())).not.toContain('position');
    expect((await post('status', { menuId: data, status: 1 })).statusCode).toBe(200);
    expect(menuNames(await homeMenu())).toContain('position');
  });

  it('deletes a menu added by hand, never a built-in one or one with menus below it', async () => {
    expect((await post('create', entry({ name: 'tmpGroup', path: '/tmp', parentId: null }))).statusCode).toBe(200);
    const group = await menuId(t, 'tmpGroup');
    expect((await post('create', entry({ name: 'tmpPage', path: 'page', parentId: group }))).statusCode).toBe(200);
    const withChild = await post('delete', { menuId: group });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().message).toBe('Delete the menus below it first');
    expect((await post('delete', { menuId: await menuId(t, 'tmpPage') })).statusCode).toBe(200);
    expect((await post('delete', { menuId: group })).statusCode).toBe(200);
    const builtIn = await post('delete', { menuId: await menuId(t, 'position') }, 'zh-CN');
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().message).toBe('内置菜单不能删除，可以停用');
    expect((await post('delete', { menuId: 999999 })).statusCode).toBe(404);
  });

  it('is for platform administrators only', async () => {
    const tenant = await makeTenant(t);
    const admin = await makeUser(t, tenant.id, {
      grants: ['GET tree', 'POST create', 'POST status'].map((r) => r.replace(' ', ` ${BASE}/`)),
    });
    const token = await login(t.app, admin.account, admin.password);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/tree`, headers: as(token) })).statusCode).toBe(403);
    expect((await post('status', { menuId: await menuId(t, 'data'), status: 0 }, 'en-US', token)).statusCode).toBe(403);
  });
});
