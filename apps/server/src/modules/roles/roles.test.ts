import { PLATFORM_TENANT_ID } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, menuId, type MadeUser } from '../../../test/factories.js';
import { listResources } from '../resources/resources.repository.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { assignRoles, findRoleByCode } from './roles.repository.js';

const BASE = '/api/system-server/role';
const ROUTES = ['GET page', 'POST create', 'POST update', 'POST delete', 'GET grants', 'POST grant'];
const PUBLISH = '/api/notice-server/notice/publish';

describe('roles', () => {
  let t: TestApp;
  let tenantId: number;
  let admin: MadeUser;
  let token: string;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    admin = await makeUser(t, tenantId, { grants: ROUTES.map((r) => r.replace(' ', ` ${BASE}/`)) });
    token = await login(t.app, admin.account, admin.password);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, who = token) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(who, headers), payload: payload as object });
  const get = (path: string, headers: Record<string, string> = {}, who = token) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: as(who, headers) });
  const newRole = async (overrides: Record<string, unknown> = {}) => {
    seq += 1;
    const res = await post('create', {
      roleName: `巡检员 ${seq}`,
      roleCode: `inspector${seq}`,
      remark: 'Patrols',
      ...overrides,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { roleId: number; roleCode: string };
  };

  it('creates, lists, searches and edits roles with their user counts', async () => {
    const role = await newRole();
    await assignRoles(t.db, tenantId, admin.id, [role.roleId]);
    const found = (await get(`page?keyword=${role.roleCode}`)).json().data;
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ roleCode: role.roleCode, userCount: 1, readOnly: false, remark: 'Patrols' });
    const upd = await post('update', {
      roleId: role.roleId,
      roleName: 'Renamed',
      roleCode: `${role.roleCode}x`,
      remark: '',
    });
    expect(upd.statusCode).toBe(200);
    const after = (await get(`page?keyword=${role.roleCode}x`)).json().data.rows[0];
    expect(after).toMatchObject({ roleName: 'Renamed', remark: null });
  });

  it('refuses a taken code under its field, and bad input with field messages', async () => {
    const role = await newRole();
    const again = await post('create', { roleName: 'Again', roleCode: role.roleCode }, { lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: 'roleCode', message: 'This role code is already taken' }]);
    const bad = await post('create', { roleName: '', roleCode: '1abc', remark: 'x'.repeat(501) }, { lang: 'zh-TW' });
    expect(bad.statusCode).toBe(422);
    expect(
      Object.fromEntries(bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])),
    ).toEqual({
      roleName: '請輸入角色名稱',
      roleCode: '角色編碼以字母開頭，只能包含字母、數字、_ 和 -',
      remark: '備註不能超過 500 個字元',
    });
  });

  it('a change of grants applies to the very next request', async () => {
    const role = await newRole();
    const user = await makeUser(t, tenantId);
    await assignRoles(t.db, tenantId, user.id, [role.roleId]);
    const userToken = await login(t.app, user.account, user.password);
    const publish = () =>
      t.app.inject({
        method: 'POST',
        url: PUBLISH,
        headers: as(userToken),
        payload: { title: 'Hi', content: 'There' },
      });
    expect((await publish()).statusCode).toBe(403);

    const grants = (await get(`grants?roleId=${role.roleId}`)).json().data;
    const resource = grants.resources.find(
      (r: { route: string; method: string }) => r.route === PUBLISH && r.method === 'POST',
    );
    const position = await menuId(t, 'position');
    const dataMenu = await menuId(t, 'data');
    expect(
      (await post('grant', { roleId: role.roleId, menuIds: [dataMenu, position], resourceIds: [resource.resourceId] }))
        .statusCode,
    ).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    const kept = (await get(`grants?roleId=${role.roleId}`)).json().data;
    expect(kept.menuIds.sort()).toEqual([dataMenu, position].sort());
    expect(kept.resourceIds).toEqual([resource.resourceId]);

    expect((await post('grant', { roleId: role.roleId, menuIds: [], resourceIds: [] })).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(403);
  });

  it("never gives a tenant's role the platform's pages or routes", async () => {
    const role = await newRole();
    const grants = (await get(`grants?roleId=${role.roleId}`)).json().data;
    const names = JSON.stringify(grants.menus);
    expect(names).not.toContain('"tenant"');
    expect(names).toContain('"organuserctrl"');
    const platformRoutes = (await listResources(t.db)).filter((r) => r.access === 'platform');
    expect(platformRoutes.length).toBeGreaterThan(0);
    const offered = new Set(grants.resources.map((r: { resourceId: number }) => r.resourceId));
    for (const r of platformRoutes) expect(offered.has(r.id)).toBe(false);

    const tenantMenu = await menuId(t, 'tenant');
    const refused = await post('grant', { roleId: role.roleId, menuIds: [tenantMenu], resourceIds: [] });
    expect(refused.statusCode).toBe(409);
    const refusedRoute = await post('grant', {
      roleId: role.roleId,
      menuIds: [],
      resourceIds: [platformRoutes[0]!.id],
    });
    expect(refusedRoute.statusCode).toBe(409);
    expect((await get(`grants?roleId=${role.roleId}`)).json().data).toMatchObject({ menuIds: [], resourceIds: [] });
  });

  it('keeps a role held by users, deletes one held by nobody', async () => {
    const role = await newRole();
    await assignRoles(t.db, tenantId, admin.id, [role.roleId]);
    const held = await post('delete', { roleId: role.roleId }, { lang: 'en-US' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('1 users still hold this role; change their roles first');
    const free = await newRole();
    expect((await post('delete', { roleId: free.roleId })).statusCode).toBe(200);
    expect((await post('delete', { roleId: free.roleId })).statusCode).toBe(404);
  });

  it("keeps the platform administrators' role as it is", async () => {
    const root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const adminRole = (await findRoleByCode(t.db, PLATFORM_TENANT_ID, 'admin'))!;
    const grants = (await get(`grants?roleId=${adminRole.id}`, {}, root)).json().data;
    expect(grants.readOnly).toBe(true);
    expect(grants.resourceIds.length).toBeGreaterThan(10);
    expect((await post('grant', { roleId: adminRole.id, menuIds: [], resourceIds: [] }, {}, root)).statusCode).toBe(
      409,
    );
    expect((await post('delete', { roleId: adminRole.id }, {}, root)).statusCode).toBe(409);
    const rename = await post('update', { roleId: adminRole.id, roleName: '平台管理员', roleCode: 'admin' }, {}, root);
    expect(rename.statusCode).toBe(200);
    expect((await post('update', { roleId: adminRole.id, roleName: 'x', roleCode: 'boss' }, {}, root)).statusCode).toBe(
      409,
    );
  });

  it("answers 404 for another tenant's role and changes nothing there; 403 without the grants", async () => {
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other.id, { roleCodes: ['guard'] });
    const [roleId] = stranger.roleIds;
    expect((await get(`grants?roleId=${roleId}`)).statusCode).toBe(404);
    expect((await post('update', { roleId, roleName: 'x', roleCode: 'x' })).statusCode).toBe(404);
    expect((await post('grant', { roleId, menuIds: [], resourceIds: [] })).statusCode).toBe(404);
    expect((await post('delete', { roleId })).statusCode).toBe(404);
    expect(await findRoleByCode(t.db, other.id, 'guard')).toMatchObject({ name: 'guard' });

    const plain = await makeUser(t, tenantId);
    const plainToken = await login(t.app, plain.account, plain.password);
    for (const route of ROUTES) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const res = method === 'GET' ? await get(path, {}, plainToken) : await post(path, {}, {}, plainToken);
      expect(res.statusCode, route).toBe(403);
    }
  });
});
