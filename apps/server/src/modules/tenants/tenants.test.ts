import { EMBEDDED_VIDEO_TEMPLATES, PLATFORM_TENANT_ID, TENANT_ADMIN_ROLE_CODE, menuNames } from '@patrol/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const BASE = '/api/system-server/tenant';

let seq = 0;
const newTenant = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  const code = `acme${Date.now().toString(36)}${seq}`;
  return {
    tenantCode: code,
    tenantName: `Acme ${seq}`,
    adminPhone: '+86 138 0013 8000',
    adminAccount: `${code}-admin`,
    adminName: 'Ada Admin',
    adminPassword: digest('Acme-admin9'),
    adminEmail: 'ada@acme.example',
    ...overrides,
  };
};

describe('tenants', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, token = root, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(token, headers), payload: payload as object });
  const get = (path: string, token = root, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: as(token, headers) });

  it('creates a tenant with its administrator, who signs in with the tenant menus and grants but no platform page', async () => {
    const input = newTenant();
    const res = await post('create', input);
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ tenantCode: input.tenantCode, tenantName: input.tenantName, status: 1, userCount: 1 });

    const token = await login(t.app, input.adminAccount, 'Acme-admin9');
    const home = await t.app.inject({
      method: 'GET',
      url: '/api/system-server/user/get/home/date',
      headers: as(token),
    });
    const { menu, loginUser } = home.json().data;
    expect(loginUser).toMatchObject({ tenantId: row.tenantId, platformAdmin: false });
    expect(loginUser.roles.map((r: { roleCode: string }) => r.roleCode)).toEqual([TENANT_ADMIN_ROLE_CODE]);
    const names = menuNames(menu);
    expect(names).toEqual(expect.arrayContaining(['organuserctrl', 'rolectrl', 'expose', 'loginList', 'position']));
    for (const platformPage of ['tenant', 'menulistctrl', 'resources', 'server', 'config', 'moveRobot']) {
      expect(names).not.toContain(platformPage);
    }
    // Granted routes work at once; platform routes do not.
    const logs = await t.app.inject({ method: 'GET', url: '/api/log-server/login/page', headers: as(token) });
    expect(logs.statusCode).toBe(200);
    expect(logs.json().data.rows[0].account).toBe(input.adminAccount);
    expect((await get('page', token)).statusCode).toBe(403);
  });

  it('refuses a taken code or account under its field, and bad input with field messages in three languages', async () => {
    const first = newTenant();
    expect((await post('create', first)).statusCode).toBe(200);
    const sameCode = await post('create', newTenant({ tenantCode: first.tenantCode }), root, { lang: 'en-US' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().errors).toEqual([{ path: 'tenantCode', message: 'This tenant code is already taken' }]);
    // Accounts are unique across tenants, so an administrator signs in without naming the tenant.
    const sameAccount = await post('create', newTenant({ adminAccount: ADMIN_ACCOUNT }));
    expect(sameAccount.statusCode).toBe(409);
    expect(sameAccount.json().errors[0]).toEqual({ path: 'adminAccount', message: '该账号已被使用，请换一个' });

    const before = (await get('page?size=200')).json().data.total;
    const bad = newTenant({ tenantCode: 'bad code!', adminPhone: '12ab', adminEmail: 'nobody', tenantName: ' ' });
    const messages = async (lang: string) => {
      const res = await post('create', bad, root, { lang });
      expect(res.statusCode).toBe(422);
      return Object.fromEntries(
        (res.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
      );
    };
    expect(await messages('en-US')).toEqual({
      tenantCode: 'Tenant codes hold letters, digits, _ and - and start with a letter or digit',
      tenantName: 'Please enter the tenant name',
      adminPhone: 'Please enter a valid phone number',
      adminEmail: 'Please enter a valid email address',
    });
    expect((await messages('zh-TW')).adminPhone).toBe('請輸入正確的手機號碼');
    expect((await messages('zh-CN')).tenantName).toBe('请输入租户名称');
    expect((await get('page?size=200')).json().data.total).toBe(before);
  });

  it("disabling a tenant ends its users' sessions at once and stops their sign-in; enabling lets them back", async () => {
    const input = newTenant();
    const { tenantId } = (await post('create', input)).json().data;
    const token = await login(t.app, input.adminAccount, 'Acme-admin9');
    const home = () =>
      t.app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(token) });
    expect((await home()).statusCode).toBe(200);

    expect((await post('status', { tenantId, status: 0 })).statusCode).toBe(200);
    expect((await home()).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/system-server/auth/login',
      payload: { account: input.adminAccount, password: digest('Acme-admin9') },
    });
    expect(again.statusCode).toBe(403);
    expect((await get('options')).json().data.map((o: { tenantId: number }) => o.tenantId)).not.toContain(tenantId);
    // A platform administrator cannot act in a disabled tenant either.
    const aimed = await t.app.inject({
      method: 'GET',
      url: '/api/log-server/login/page',
      headers: as(root, { 'tenant-id': String(tenantId) }),
    });
    expect(aimed.statusCode).toBe(403);

    expect((await post('status', { tenantId, status: 1 })).statusCode).toBe(200);
    expect(await login(t.app, input.adminAccount, 'Acme-admin9')).toBeTruthy();
  });

  it('keeps the platform tenant enabled and answers 404 for a tenant that does not exist', async () => {
    const res = await post('status', { tenantId: PLATFORM_TENANT_ID, status: 0 }, root, { lang: 'en-US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The platform tenant cannot be disabled');
    expect((await post('status', { tenantId: 999999, status: 0 })).statusCode).toBe(404);
    const update = await post('update', { tenantId: 999999, ...pickUpdate(newTenant()) });
    expect(update.statusCode).toBe(404);
  });

  it('updates the name and contacts, searches by keyword and status, and exports what it lists', async () => {
    const input = newTenant();
    const { tenantId } = (await post('create', input)).json().data;
    const changed = { ...pickUpdate(input), tenantName: 'Acme Renamed', adminPhone: '021-5555 0000' };
    expect((await post('update', { tenantId, ...changed })).statusCode).toBe(200);

    const found = (await get(`page?keyword=${input.tenantCode}`)).json().data;
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ tenantId, tenantName: 'Acme Renamed', adminPhone: '021-5555 0000' });
    await post('status', { tenantId, status: 0 });
    expect((await get(`page?keyword=${input.tenantCode}&status=1`)).json().data.total).toBe(0);
    expect((await get(`page?keyword=${input.tenantCode}&status=0`)).json().data.total).toBe(1);

    const file = await get(`export?keyword=${input.tenantCode}`, root, { lang: 'en-US' });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Tenant code');
    expect(sheet.getRow(2).getCell(2).value).toBe('Acme Renamed');
    expect(sheet.getRow(2).getCell(3).value).toBe('Disabled');
    expect(sheet.rowCount).toBe(2);
  });

  it('creates a tenant with the embedded video templates or its own, and updates, clears or keeps them', async () => {
    const plain = (await post('create', newTenant())).json().data;
    expect(plain).toMatchObject({
      videoStreamUrl: EMBEDDED_VIDEO_TEMPLATES.streamUrl,
      videoHistoryUrl: EMBEDDED_VIDEO_TEMPLATES.historyUrl,
      videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
    });
    const input = { ...newTenant(), videoStreamUrl: 'wss://media.example.com/{serial}/{camera}.flv?t={token}' };
    const { tenantId, videoStreamUrl } = (await post('create', input)).json().data;
    expect(videoStreamUrl).toBe(input.videoStreamUrl);
    const row = async () =>
      ((await get(`page?keyword=${input.tenantCode}`)).json().data.rows as Record<string, unknown>[])[0]!;
    expect((await post('update', { tenantId, ...pickUpdate(input), videoHistoryUrl: '' })).statusCode).toBe(200);
    expect(await row()).toMatchObject({
      videoStreamUrl: input.videoStreamUrl,
      videoHistoryUrl: '',
      videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
    });
    const bad = await post('update', { tenantId, ...pickUpdate(input), videoFileUrl: 'ftp://x/{serial}' }, root, {
      lang: 'en-US',
    });
    expect(bad.statusCode).toBe(422);
    expect((await row()).videoFileUrl).toBe(EMBEDDED_VIDEO_TEMPLATES.fileUrl);
  });

  it("turns a tenant's 3D dashboard on for its users' next sign-in, and for no other tenant's", async () => {
    const input = newTenant();
    const created = (await post('create', input)).json().data;
    expect(created.dashboard3d).toBe(false);
    const other = newTenant({ dashboard3d: true });
    const otherRow = (await post('create', other)).json().data;
    expect(otherRow.dashboard3d).toBe(true);

    const signIn = async (account: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/system-server/auth/login',
          payload: { account, password: digest(password) },
        })
      ).json().data.user;
    expect((await signIn(input.adminAccount, 'Acme-admin9')).dashboard3d).toBe(false);

    const on = await post('update', { tenantId: created.tenantId, ...pickUpdate(input), dashboard3d: true });
    expect(on.statusCode).toBe(200);
    const operator = await makeUser(t, created.tenantId);
    expect((await signIn(input.adminAccount, 'Acme-admin9')).dashboard3d).toBe(true);
    expect((await signIn(operator.account, operator.password)).dashboard3d).toBe(true);
    // Another tenant keeps its own flag; the platform tenant's users are not touched.
    const outsider = await makeUser(t, (await makeTenant(t)).id);
    expect((await signIn(outsider.account, outsider.password)).dashboard3d).toBe(false);
    expect((await signIn(ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD)).dashboard3d).toBe(false);

    // An update without the flag keeps it; the list shows it; turning it off takes it away.
    await post('update', { tenantId: created.tenantId, ...pickUpdate(input), tenantName: 'Renamed' });
    const listed = (await get(`page?keyword=${input.tenantCode}`)).json().data.rows[0];
    expect(listed).toMatchObject({ tenantName: 'Renamed', dashboard3d: true });
    await post('update', { tenantId: created.tenantId, ...pickUpdate(input), dashboard3d: false });
    expect((await signIn(operator.account, operator.password)).dashboard3d).toBe(false);
  });

  it('refuses a tenant administrator who tries to turn the 3D dashboard on, and changes nothing', async () => {
    const input = newTenant();
    const created = (await post('create', input)).json().data;
    const token = await login(t.app, input.adminAccount, 'Acme-admin9');
    const res = await post('update', { tenantId: created.tenantId, ...pickUpdate(input), dashboard3d: true }, token);
    expect(res.statusCode).toBe(403);
    const listed = (await get(`page?keyword=${input.tenantCode}`)).json().data.rows[0];
    expect(listed.dashboard3d).toBe(false);
  });

  it('is for platform administrators only, whatever grants a tenant role holds', async () => {
    const other = await makeTenant(t);
    const routes = ['GET page', 'GET export', 'GET options', 'POST create', 'POST update', 'POST status'];
    const admin = await makeUser(t, other.id, {
      grants: routes.map((r) => r.replace(' ', ` ${BASE}/`)),
    });
    const token = await login(t.app, admin.account, admin.password);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const res =
        method === 'GET' ? await get(path, token) : await post(path, { tenantId: other.id, status: 0 }, token);
      expect(res.statusCode, route).toBe(403);
    }
    // A platform user without the role `admin` is refused too.
    const clerk = await makeUser(t, PLATFORM_TENANT_ID, { grants: [`GET ${BASE}/page`] });
    expect((await get('page', await login(t.app, clerk.account, clerk.password))).statusCode).toBe(403);
  });
});

function pickUpdate(input: ReturnType<typeof newTenant>) {
  const { tenantName, adminPhone, adminName, adminEmail } = input;
  return { tenantName, adminPhone, adminName, adminEmail };
}
