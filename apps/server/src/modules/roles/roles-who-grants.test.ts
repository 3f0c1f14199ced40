import { ADMIN_ROLE_CODE, HEADERS, PLATFORM_TENANT_ID, TENANT_ADMIN_ROLE_CODE } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeUser, menuId, type MadeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { findResourceIds } from '../resources/resources.repository.js';
import { findSignInCandidates } from '../users/users.shared.js';
import { ensureRole, findRoleByCode, grantResources, grantsOfRole } from './roles.repository.js';
import { rolesOfUser } from './roles.shared.js';

const USER = '/api/system-server/user';
const ROLE = '/api/system-server/role';
const route = (base: string, r: string) => r.replace(' ', ` ${base}/`);
/** What a user clerk may do: list and update users (with create, role choices and password resets). */
const CLERK_ROUTES = ['GET page', 'GET role-options', 'POST create', 'POST update', 'POST resetPwd'].map((r) =>
  route(USER, r),
);
/** What a role editor may do: every roles route, and list users. */
const EDITOR_ROUTES = [
  ...['GET page', 'POST create', 'POST update', 'GET grants', 'POST grant'].map((r) => route(ROLE, r)),
  `GET ${USER}/page`,
];
const PUBLISH = 'POST /api/notice-server/notice/publish';
const ADMIN_ROLE_ONLY =
  'Only a tenant administrator or the platform administrator can give or take an administrator role';
const ROLE_BEYOND_OWN = 'You can only give or take roles whose menus and resources you hold yourself';
const GRANT_BEYOND_OWN = 'You can only give or take menus and resources that you hold yourself';

/**
 * Who may grant what: nobody gives a role, menu or resource it does not hold itself; a tenant
 * administrator gives whatever the tenant may have, the platform administrator anything.
 */
describe('who may grant what', () => {
  let t: TestApp;
  let tenantId: number;
  let root: string;
  let tenantAdmin: string;
  let tenantAdminRole: number;
  let clerk: MadeUser;
  let clerkToken: string;
  let editor: MadeUser;
  let editorToken: string;
  /** A role holding a route the clerk and the editor do not hold. */
  let supervisorRole: number;
  /** A role holding only what the clerk holds. */
  let viewerRole: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    // A tenant as the platform administrator makes it: its administrator holds the role `tenantAdmin`.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/system-server/tenant/create',
      headers: as(root),
      payload: {
        tenantCode: 'grants',
        tenantName: 'Grants',
        adminPhone: '13800138000',
        adminAccount: 'grants-admin',
        adminName: 'Grants Admin',
        adminPassword: digest('Grants-pass9'),
        adminEmail: 'grants@example.com',
      },
    });
    expect(created.statusCode).toBe(200);
    tenantId = created.json().data.tenantId as number;
    tenantAdmin = await login(t.app, 'grants-admin', 'Grants-pass9');
    tenantAdminRole = (await findRoleByCode(t.db, tenantId, TENANT_ADMIN_ROLE_CODE))!.id;

    clerk = await makeUser(t, tenantId, { grants: CLERK_ROUTES });
    clerkToken = await login(t.app, clerk.account, clerk.password);
    editor = await makeUser(t, tenantId, { grants: EDITOR_ROUTES, menus: ['position'] });
    editorToken = await login(t.app, editor.account, editor.password);

    supervisorRole = (await ensureRole(t.db, tenantId, { name: 'Supervisor', code: 'supervisor' })).role.id;
    await grantResources(t.db, tenantId, supervisorRole, await resourceIds([...CLERK_ROUTES, PUBLISH]));
    viewerRole = (await ensureRole(t.db, tenantId, { name: 'Viewer', code: 'viewer' })).role.id;
    await grantResources(t.db, tenantId, viewerRole, await resourceIds([`GET ${USER}/page`]));
  });
  afterAll(() => t.close());

  async function resourceIds(keys: string[]) {
    return findResourceIds(
      t.db,
      keys.map((k) => {
        const [method, path] = k.split(' ') as [string, string];
        return { method, route: path };
      }),
    );
  }
  const post = (url: string, payload: object, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: as(token, headers), payload });
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: as(token, headers) });
  const roleIdsOf = async (userId: number) => (await rolesOfUser(t.db, tenantId, userId)).map((r) => r.roleId).sort();
  const newUser = (roleIds: number[]) => {
    seq += 1;
    return {
      account: `grant${Date.now().toString(36)}${seq}`,
      username: `Grant ${seq}`,
      password: digest('Grant-pass9'),
      roleIds,
    };
  };

  it('refuses a user clerk giving itself or another user the tenant administrator role, changing nothing', async () => {
    const other = await makeUser(t, tenantId);
    const self = await post(
      `${USER}/update`,
      { userId: clerk.id, username: 'Clerk', roleIds: [...clerk.roleIds, tenantAdminRole] },
      clerkToken,
      { lang: 'en-US' },
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ADMIN_ROLE_ONLY);
    const another = await post(
      `${USER}/update`,
      { userId: other.id, username: 'Other', roleIds: [tenantAdminRole] },
      clerkToken,
    );
    expect(another.statusCode).toBe(403);
    expect(another.json().message).toBe('只有租户管理员或平台管理员才能分配或收回管理员角色');
    const made = newUser([tenantAdminRole]);
    const create = await post(`${USER}/create`, made, clerkToken, { lang: 'zh-TW' });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('只有租戶管理員或平台管理員才能分配或收回管理員角色');

    expect(await roleIdsOf(clerk.id)).toEqual([...clerk.roleIds].sort());
    expect(await roleIdsOf(other.id)).toEqual([]);
    expect(await findSignInCandidates(t.db, made.account, 1)).toEqual([]);
    // Nothing else changed either: the clerk still cannot act as an administrator.
    expect((await get(`${ROLE}/page`, clerkToken)).statusCode).toBe(403);
  });

  it('refuses a user clerk giving a role with more grants than its own, by create and update', async () => {
    const other = await makeUser(t, tenantId);
    const self = await post(
      `${USER}/update`,
      { userId: clerk.id, username: 'Clerk', roleIds: [...clerk.roleIds, supervisorRole] },
      clerkToken,
      { lang: 'en-US' },
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ROLE_BEYOND_OWN);
    const another = await post(
      `${USER}/update`,
      { userId: other.id, username: 'Renamed', roleIds: [supervisorRole] },
      clerkToken,
      { lang: 'en-US' },
    );
    expect(another.statusCode).toBe(403);
    expect(another.json().message).toBe(ROLE_BEYOND_OWN);
    const made = newUser([viewerRole, supervisorRole]);
    expect((await post(`${USER}/create`, made, clerkToken)).statusCode).toBe(403);

    expect(await roleIdsOf(clerk.id)).toEqual([...clerk.roleIds].sort());
    expect(await roleIdsOf(other.id)).toEqual([]);
    expect((await rolesOfUser(t.db, tenantId, other.id)).length).toBe(0);
    expect(await findSignInCandidates(t.db, made.account, 1)).toEqual([]);
    const row = (await get(`${USER}/page?keyword=${other.account}`, clerkToken)).json().data.rows[0];
    expect(row.username).toBe(`User ${other.account}`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: PUBLISH.split(' ')[1]!,
          headers: as(clerkToken),
          payload: { title: 'x', content: 'y' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets the clerk give roles within its own, and keep roles it could not give untouched', async () => {
    const made = await post(`${USER}/create`, newUser([viewerRole]), clerkToken);
    expect(made.statusCode).toBe(200);
    const userId = made.json().data.userId as number;
    // A user who already holds a role beyond the clerk keeps it through a profile change.
    await post(`${USER}/update`, { userId, username: 'Given', roleIds: [viewerRole, supervisorRole] }, tenantAdmin);
    const kept = await post(
      `${USER}/update`,
      { userId, username: 'Edited', roleIds: [viewerRole, supervisorRole] },
      clerkToken,
    );
    expect(kept.statusCode).toBe(200);
    expect(await roleIdsOf(userId)).toEqual([viewerRole, supervisorRole].sort());
    // Taking it away is refused like giving it.
    const taken = await post(`${USER}/update`, { userId, username: 'Edited', roleIds: [viewerRole] }, clerkToken);
    expect(taken.statusCode).toBe(403);
    expect(await roleIdsOf(userId)).toEqual([viewerRole, supervisorRole].sort());
  });

  it("offers the clerk's console only the roles it may give", async () => {
    const options = (await get(`${USER}/role-options`, clerkToken)).json().data as {
      roleId: number;
      assignable: boolean;
    }[];
    const assignable = (id: number) => options.find((o) => o.roleId === id)?.assignable;
    expect(assignable(tenantAdminRole)).toBe(false);
    expect(assignable(supervisorRole)).toBe(false);
    expect(assignable(viewerRole)).toBe(true);
    expect(assignable(clerk.roleIds[0]!)).toBe(true);
    const all = (await get(`${USER}/role-options`, tenantAdmin)).json().data as { assignable: boolean }[];
    expect(all.every((o) => o.assignable)).toBe(true);
  });

  it("refuses the clerk resetting the password of a user holding more than it, such as the tenant's administrator", async () => {
    const admin = (await findSignInCandidates(t.db, 'grants-admin', 1))[0]!.user;
    const res = await post(`${USER}/resetPwd`, { userId: admin.id, password: digest('Hijack-pass1') }, clerkToken, {
      lang: 'en-US',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'This user holds roles beyond your own; you cannot disable, delete or reset the password of this user',
    );
    await login(t.app, 'grants-admin', 'Grants-pass9');
    await expect(login(t.app, 'grants-admin', 'Hijack-pass1')).rejects.toThrow();
  });

  it('refuses a role editor giving or taking a menu or resource it does not hold, changing nothing', async () => {
    const made = await post(`${ROLE}/create`, { roleName: 'Made by editor', roleCode: 'editorMade' }, editorToken);
    expect(made.statusCode).toBe(200);
    const roleId = made.json().data.roleId as number;
    const [publish] = await resourceIds([PUBLISH]);
    const [pageRoles] = await resourceIds([`GET ${ROLE}/page`]);
    const position = await menuId(t, 'position');
    const data = await menuId(t, 'data');
    const taskList = await menuId(t, 'taskList');

    const resource = await post(
      `${ROLE}/grant`,
      { roleId, menuIds: [], resourceIds: [pageRoles, publish] },
      editorToken,
      {
        lang: 'en-US',
      },
    );
    expect(resource.statusCode).toBe(403);
    expect(resource.json().message).toBe(GRANT_BEYOND_OWN);
    const menu = await post(`${ROLE}/grant`, { roleId, menuIds: [position, taskList], resourceIds: [] }, editorToken);
    expect(menu.statusCode).toBe(403);
    expect(menu.json().message).toBe('只能授予或收回自己拥有的菜单和资源');
    // Its own role cannot be widened either.
    const own = await post(
      `${ROLE}/grant`,
      {
        roleId: editor.roleIds[0]!,
        menuIds: [position],
        resourceIds: [...(await resourceIds(EDITOR_ROUTES)), publish],
      },
      editorToken,
    );
    expect(own.statusCode).toBe(403);
    // Taking away what it does not hold is refused too.
    const take = await post(`${ROLE}/grant`, { roleId: supervisorRole, menuIds: [], resourceIds: [] }, editorToken);
    expect(take.statusCode).toBe(403);
    expect(await grantsOfRole(t.db, tenantId, roleId)).toEqual({ menuIds: [], resourceIds: [] });
    expect((await grantsOfRole(t.db, tenantId, supervisorRole)).resourceIds).toContain(publish);
    expect((await grantsOfRole(t.db, tenantId, editor.roleIds[0]!)).resourceIds).not.toContain(publish);

    // What it holds it may hand on: a page with the group above it, and its own routes.
    const within = await post(
      `${ROLE}/grant`,
      { roleId, menuIds: [data, position], resourceIds: [pageRoles] },
      editorToken,
    );
    expect(within.statusCode).toBe(200);
    expect((await grantsOfRole(t.db, tenantId, roleId)).resourceIds).toEqual([pageRoles]);
  });

  it('refuses a role editor using or changing the administrator role codes', async () => {
    const en = { lang: 'en-US' };
    const message =
      'Only a tenant administrator or the platform administrator can use or change an administrator role code';
    const admin = await post(`${ROLE}/create`, { roleName: 'Boss', roleCode: 'admin' }, editorToken, en);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe(message);
    expect(await findRoleByCode(t.db, tenantId, 'admin')).toBeUndefined();
    const made = (await post(`${ROLE}/create`, { roleName: 'Plain', roleCode: 'plainRole' }, editorToken)).json().data;
    const renamed = await post(
      `${ROLE}/update`,
      { roleId: made.roleId, roleName: 'Plain', roleCode: 'admin' },
      editorToken,
    );
    expect(renamed.statusCode).toBe(403);
    const moved = await post(
      `${ROLE}/update`,
      { roleId: tenantAdminRole, roleName: 'Admins', roleCode: 'formerAdmins' },
      editorToken,
    );
    expect(moved.statusCode).toBe(403);
    expect((await findRoleByCode(t.db, tenantId, TENANT_ADMIN_ROLE_CODE))!.id).toBe(tenantAdminRole);
    expect((await findRoleByCode(t.db, tenantId, 'plainRole'))!.id).toBe(made.roleId);
  });

  it('lets the tenant administrator do all of it within its tenant', async () => {
    const other = await makeUser(t, tenantId);
    const given = await post(
      `${USER}/update`,
      { userId: other.id, username: 'Promoted', roleIds: [tenantAdminRole, supervisorRole] },
      tenantAdmin,
    );
    expect(given.statusCode).toBe(200);
    expect(await roleIdsOf(other.id)).toEqual([tenantAdminRole, supervisorRole].sort());
    expect((await post(`${USER}/create`, newUser([tenantAdminRole]), tenantAdmin)).statusCode).toBe(200);
    expect(
      (await post(`${USER}/resetPwd`, { userId: other.id, password: digest('Fresh-pass7') }, tenantAdmin)).statusCode,
    ).toBe(200);

    const [publish] = await resourceIds([PUBLISH]);
    const taskList = await menuId(t, 'taskList');
    const role = (await post(`${ROLE}/create`, { roleName: 'Wide', roleCode: 'wide' }, tenantAdmin)).json().data;
    const grant = await post(
      `${ROLE}/grant`,
      { roleId: role.roleId, menuIds: [taskList], resourceIds: [publish] },
      tenantAdmin,
    );
    expect(grant.statusCode).toBe(200);
    expect(await grantsOfRole(t.db, tenantId, role.roleId)).toEqual({ menuIds: [taskList], resourceIds: [publish] });
    // The platform's own pages stay out of its reach.
    const tenantMenu = await menuId(t, 'tenant');
    expect(
      (await post(`${ROLE}/grant`, { roleId: role.roleId, menuIds: [tenantMenu], resourceIds: [] }, tenantAdmin))
        .statusCode,
    ).toBe(403);
    // Tenants stay the platform's to make.
    const tenant = await post(
      '/api/system-server/tenant/create',
      { tenantCode: 'nope', tenantName: 'Nope' },
      tenantAdmin,
    );
    expect(tenant.statusCode).toBe(403);
  });

  it("keeps the platform administrators' role out of reach of a tenant administrator role held in the platform tenant", async () => {
    const holder = await makeUser(t, PLATFORM_TENANT_ID, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants: CLERK_ROUTES });
    const token = await login(t.app, holder.account, holder.password);
    const platformAdmins = (await findRoleByCode(t.db, PLATFORM_TENANT_ID, ADMIN_ROLE_CODE))!.id;
    const res = await post(
      `${USER}/update`,
      { userId: holder.id, username: 'Holder', roleIds: [...holder.roleIds, platformAdmins] },
      token,
      { lang: 'en-US' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_ROLE_ONLY);
    expect((await rolesOfUser(t.db, PLATFORM_TENANT_ID, holder.id)).map((r) => r.roleCode)).not.toContain(
      ADMIN_ROLE_CODE,
    );
  });

  it('lets the platform administrator do all of it in the tenant it acts in', async () => {
    const inTenant = { [HEADERS.tenant]: String(tenantId) };
    const other = await makeUser(t, tenantId);
    const given = await post(
      `${USER}/update`,
      { userId: other.id, username: 'Promoted', roleIds: [tenantAdminRole] },
      root,
      inTenant,
    );
    expect(given.statusCode).toBe(200);
    expect(await roleIdsOf(other.id)).toEqual([tenantAdminRole]);
    expect((await post(`${USER}/create`, newUser([tenantAdminRole, supervisorRole]), root, inTenant)).statusCode).toBe(
      200,
    );
    const [publish] = await resourceIds([PUBLISH]);
    const role = (await post(`${ROLE}/create`, { roleName: 'Root made', roleCode: 'admin' }, root, inTenant)).json()
      .data;
    const grant = await post(
      `${ROLE}/grant`,
      { roleId: role.roleId, menuIds: [], resourceIds: [publish] },
      root,
      inTenant,
    );
    expect(grant.statusCode).toBe(200);
    const taken = await post(`${ROLE}/grant`, { roleId: supervisorRole, menuIds: [], resourceIds: [] }, root, inTenant);
    expect(taken.statusCode).toBe(200);
  });
});
