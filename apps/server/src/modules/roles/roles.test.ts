import { PLATFORM_TENANT_ID, TENANT_ADMIN_ROLE_CODE, TEXT_MAX } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, menuId, type MadeUser } from '../../../test/factories.js';
import { listResources } from '../resources/resources.repository.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { assignRoles, findRoleByCode } from './roles.repository.js';

const BASE = '/api/system-server/role';
const ROUTES = ['GET page', 'POST create', 'POST update', 'POST delete', 'GET grants', 'POST grant'];
const PUBLISH = '/api/notice-server/notice/publish';
const HOME = '/api/system-server/user/get/home/date';

describe('roles', () => {
  let t: TestApp;
  let tenantId: number;
  let admin: MadeUser;
  let token: string;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    // The tenant's administrator: it may give a role whatever the tenant may have.
    admin = await makeUser(t, tenantId, {
      roleCodes: [TENANT_ADMIN_ROLE_CODE],
      grants: ROUTES.map((r) => r.replace(' ', ` ${BASE}/`)),
    });
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

  it('searches by a part of the name and of the code, both together', async () => {
    const night = await newRole({ roleName: 'Night watch', roleCode: `night${seq + 1}Watch` });
    await newRole({ roleName: 'Day watch', roleCode: `day${seq + 1}Watch` });
    const byName = (await get(`page?roleName=${encodeURIComponent('night w')}`)).json().data;
    expect(byName.rows.map((r: { roleId: number }) => r.roleId)).toEqual([night.roleId]);
    const byCode = (await get(`page?roleCode=${night.roleCode.toUpperCase()}`)).json().data;
    expect(byCode).toMatchObject({ total: 1, rows: [{ roleId: night.roleId }] });
    expect((await get(`page?roleName=Night&roleCode=day`)).json().data.total).toBe(0);
    const both = (await get('page?roleName=watch&size=1')).json().data;
    expect(both.rows).toHaveLength(1);
    expect(both.total).toBe(2);
  });

  it('refuses bad input of every route with its fields, in the request language', async () => {
    const role = await newRole();
    const fields = (res: { json: () => { errors: { path: string; message: string }[] } }) =>
      Object.fromEntries(res.json().errors.map((e) => [e.path, e.message]));

    const page = await get(`page?roleName=${'x'.repeat(101)}&index=0`, { lang: 'en-US' });
    expect(page.statusCode).toBe(422);
    expect(fields(page)).toMatchObject({ roleName: 'The format is not valid' });

    const update = await post(
      'update',
      { roleId: role.roleId, roleName: 'x'.repeat(TEXT_MAX.roleName + 1), roleCode: 'a b' },
      { lang: 'en-US' },
    );
    expect(update.statusCode).toBe(422);
    expect(fields(update)).toEqual({
      roleName: `The role name is at most ${TEXT_MAX.roleName} characters`,
      roleCode: 'Role codes start with a letter and hold letters, digits, _ and - only',
    });
    const longCode = await post('update', { roleId: role.roleId, roleName: 'x', roleCode: `a${'b'.repeat(64)}` });
    expect(fields(longCode)).toEqual({ roleCode: '角色编码不能超过 64 个字符' });

    const del = await post('delete', { roleId: 'abc' }, { lang: 'en-US' });
    expect(del.statusCode).toBe(422);
    expect(del.json().errors[0].path).toBe('roleId');

    const grants = await get('grants', { lang: 'en-US' });
    expect(grants.statusCode).toBe(422);
    expect(fields(grants)).toEqual({ roleId: 'This field is required' });

    const grant = await post('grant', { roleId: role.roleId, menuIds: [0], resourceIds: 'all' }, { lang: 'en-US' });
    expect(grant.statusCode).toBe(422);
    expect(Object.keys(fields(grant)).sort()).toEqual(['menuIds.0', 'resourceIds']);
    // Nothing was written by any of them.
    const after = (await get(`page?roleCode=${role.roleCode}`)).json().data.rows[0];
    expect(after).toMatchObject({ roleName: `巡检员 ${seq}`, roleCode: role.roleCode });
  });

  it('refuses ids of menus and resources that do not exist, or routes that need no grant, with 422', async () => {
    const role = await newRole();
    const position = await menuId(t, 'position');
    const all = await listResources(t.db);
    const grantRoute = all.find((r) => r.access === 'grant')!;
    const sessionRoute = all.find((r) => r.access === 'session' || r.access === 'public')!;
    const unknownMenu = await post(
      'grant',
      { roleId: role.roleId, menuIds: [position, 987654], resourceIds: [grantRoute.id] },
      { lang: 'en-US' },
    );
    expect(unknownMenu.statusCode).toBe(422);
    expect(unknownMenu.json().errors).toEqual([
      { path: 'menuIds', message: 'A chosen menu or resource does not exist or needs no grant' },
    ]);
    const noGrant = await post('grant', { roleId: role.roleId, menuIds: [], resourceIds: [sessionRoute.id] });
    expect(noGrant.statusCode).toBe(422);
    expect(noGrant.json().errors.map((e: { path: string }) => e.path)).toEqual(['resourceIds']);
    const offered = (await get(`grants?roleId=${role.roleId}`)).json().data;
    expect(offered).toMatchObject({ menuIds: [], resourceIds: [] });
    expect(offered.resources.some((r: { resourceId: number }) => r.resourceId === sessionRoute.id)).toBe(false);
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
    const home = (await t.app.inject({ method: 'GET', url: HOME, headers: as(userToken) })).json().data;
    expect(JSON.stringify(home.menu)).toContain('"position"');
    const kept = (await get(`grants?roleId=${role.roleId}`)).json().data;
    expect(kept.menuIds.sort()).toEqual([dataMenu, position].sort());
    expect(kept.resourceIds).toEqual([resource.resourceId]);

    expect((await post('grant', { roleId: role.roleId, menuIds: [], resourceIds: [] })).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(403);
    const emptied = (await t.app.inject({ method: 'GET', url: HOME, headers: as(userToken) })).json().data;
    expect(JSON.stringify(emptied.menu ?? [])).not.toContain('"position"');
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
    const position = await menuId(t, 'position');
    const refused = await post(
      'grant',
      { roleId: role.roleId, menuIds: [position, tenantMenu], resourceIds: [] },
      { lang: 'en-US' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "The platform's own menus and routes can only be given to roles of the platform tenant",
    );
    const refusedRoute = await post('grant', {
      roleId: role.roleId,
      menuIds: [position],
      resourceIds: [platformRoutes[0]!.id],
    });
    expect(refusedRoute.statusCode).toBe(403);
    expect(refusedRoute.json().message).toBe('平台专属的菜单和接口只能授予平台租户的角色');
    expect((await get(`grants?roleId=${role.roleId}`)).json().data).toMatchObject({ menuIds: [], resourceIds: [] });
  });

  it("gives a platform tenant's role the platform's pages and routes", async () => {
    const root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const created = await post('create', { roleName: 'Auditors', roleCode: 'auditors' }, {}, root);
    expect(created.statusCode).toBe(200);
    const roleId = created.json().data.roleId as number;
    const grants = (await get(`grants?roleId=${roleId}`, {}, root)).json().data;
    expect(JSON.stringify(grants.menus)).toContain('"tenant"');
    const platformRoute = (await listResources(t.db)).find((r) => r.access === 'platform')!;
    expect(grants.resources.some((r: { resourceId: number }) => r.resourceId === platformRoute.id)).toBe(true);
    const tenantMenu = await menuId(t, 'tenant');
    const sys = await menuId(t, 'sys');
    const res = await post('grant', { roleId, menuIds: [sys, tenantMenu], resourceIds: [platformRoute.id] }, {}, root);
    expect(res.statusCode).toBe(200);
    expect((await get(`grants?roleId=${roleId}`, {}, root)).json().data).toMatchObject({
      resourceIds: [platformRoute.id],
      readOnly: false,
    });
    expect((await post('delete', { roleId }, {}, root)).statusCode).toBe(200);
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
    const regrant = await post(
      'grant',
      { roleId: adminRole.id, menuIds: [], resourceIds: [] },
      { lang: 'en-US' },
      root,
    );
    expect(regrant.statusCode).toBe(409);
    expect(regrant.json().message).toBe(
      "The platform administrators' role keeps its code and grants and cannot be deleted",
    );
    expect((await post('delete', { roleId: adminRole.id }, {}, root)).statusCode).toBe(409);
    const still = (await get(`grants?roleId=${adminRole.id}`, {}, root)).json().data;
    expect(still.resourceIds.sort()).toEqual(grants.resourceIds.sort());
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
