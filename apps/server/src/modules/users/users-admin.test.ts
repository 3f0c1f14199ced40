import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';
import { ensureRole } from '../roles/roles.repository.js';

const BASE = '/api/system-server/user';
const ROUTES = [
  'GET page',
  'GET export',
  'GET role-options',
  'POST create',
  'POST update',
  'POST status',
  'POST resetPwd',
  'POST delete',
];

describe('user administration', () => {
  let t: TestApp;
  let tenantId: number;
  let admin: MadeUser;
  let token: string;
  let inspector: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    admin = await makeUser(t, tenantId, { grants: ROUTES.map((r) => r.replace(' ', ` ${BASE}/`)) });
    token = await login(t.app, admin.account, admin.password);
    inspector = (await ensureRole(t.db, tenantId, { name: '巡检员', code: 'inspector' })).role.id;
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, as_ = token) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(as_, headers), payload: payload as object });
  const get = (path: string, headers: Record<string, string> = {}, as_ = token) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: as(as_, headers) });

  const newUser = (overrides: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      account: `ops${Date.now().toString(36)}${seq}`,
      username: `Operator ${seq}`,
      password: digest('Operator-9x'),
      nickname: 'Ops',
      idNumber: '11010519491231002X',
      gender: 'female',
      birthday: '1990-05-17',
      height: 168.5,
      age: 35,
      phone: '13800138000',
      email: 'ops@example.com',
      userType: 1,
      roleIds: [inspector],
      ...overrides,
    };
  };

  it('creates a user with its roles who can sign in, and lists it with every field', async () => {
    const input = newUser();
    const res = await post('create', input);
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      account: input.account,
      gender: 'female',
      birthday: '1990-05-17',
      height: 168.5,
      age: 35,
      status: 1,
      roles: [{ roleId: inspector, roleCode: 'inspector', roleName: '巡检员' }],
      lastLoginTime: null,
    });
    await login(t.app, input.account, 'Operator-9x');
    const listed = (await get(`page?keyword=${input.account}`)).json().data;
    expect(listed.total).toBe(1);
    expect(listed.rows[0].lastLoginTime).not.toBeNull();
    expect((await get(`page?roleId=${inspector}&keyword=${input.account}`)).json().data.total).toBe(1);
  });

  it('refuses a taken account under its field and bad input with messages in the caller language', async () => {
    const first = newUser();
    await post('create', first);
    const again = await post('create', newUser({ account: first.account }), { lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { path: 'account', message: 'This account is already in use; please choose another' },
    ]);
    const bad = await post(
      'create',
      newUser({ account: 'has space', phone: 'x1', email: 'no', height: 400, age: -1, birthday: '2999-01-01' }),
      { lang: 'en-US' },
    );
    expect(bad.statusCode).toBe(422);
    const fields = Object.fromEntries(
      (bad.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(fields).toEqual({
      account: 'Accounts may hold letters, digits and _ . @ - only',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      height: 'Height is 30 to 250 cm, with at most one decimal',
      age: 'Age is a whole number from 0 to 150',
      birthday: 'Please enter a valid birthday',
    });
    const zh = await post('create', newUser({ username: '' }));
    expect(zh.json().errors).toEqual([{ path: 'username', message: '请输入用户名' }]);
  });

  it("lists 'no role' users with an empty role list, and exports them as 'No Role Assigned'", async () => {
    const input = newUser({ roleIds: [] });
    expect((await post('create', input)).json().data.roles).toEqual([]);
    const file = await get(`export?keyword=${input.account}`, { lang: 'en-US' });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(7).value).toBe('Roles');
    expect(sheet.getRow(2).getCell(1).value).toBe(input.account);
    expect(sheet.getRow(2).getCell(7).value).toBe('No Role Assigned');
  });

  it('updates the profile and roles', async () => {
    const { userId } = (await post('create', newUser())).json().data;
    const res = await post('update', {
      userId,
      username: 'Renamed',
      gender: 'male',
      phone: '',
      roleIds: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'Renamed', gender: 'male', phone: null, roles: [] });
  });

  it('disabling a user ends its sessions at once; enabling lets it sign in again', async () => {
    const input = newUser();
    const { userId } = (await post('create', input)).json().data;
    const userToken = await login(t.app, input.account, 'Operator-9x');
    const home = () =>
      t.app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(userToken) });
    expect((await home()).statusCode).toBe(200);
    expect((await post('status', { userId, status: 0 })).statusCode).toBe(200);
    expect((await home()).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/system-server/auth/login',
      payload: { account: input.account, password: digest('Operator-9x') },
    });
    expect(refused.statusCode).toBe(403);
    expect((await post('status', { userId, status: 1 })).statusCode).toBe(200);
    await login(t.app, input.account, 'Operator-9x');
  });

  it('a password reset replaces the password and ends the sessions', async () => {
    const input = newUser();
    const { userId } = (await post('create', input)).json().data;
    const userToken = await login(t.app, input.account, 'Operator-9x');
    expect((await post('resetPwd', { userId, password: digest('Fresh-pass7') })).statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/system-server/user/get/home/date',
      headers: as(userToken),
    });
    expect(stale.statusCode).toBe(401);
    await expect(login(t.app, input.account, 'Operator-9x')).rejects.toThrow();
    await login(t.app, input.account, 'Fresh-pass7');
  });

  it('deletes a user, but never the caller itself, which it cannot disable either', async () => {
    const { userId } = (await post('create', newUser())).json().data;
    expect((await post('delete', { userId })).statusCode).toBe(200);
    expect((await post('delete', { userId })).statusCode).toBe(404);
    const self = await post('delete', { userId: admin.id }, { lang: 'en-US' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account');
    expect((await post('status', { userId: admin.id, status: 0 })).statusCode).toBe(409);
  });

  it("answers 404 for another tenant's user and role and changes nothing there", async () => {
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other.id, { roleCodes: ['guard'] });
    const [guardRole] = stranger.roleIds;
    for (const [path, body] of [
      ['update', { userId: stranger.id, username: 'Taken over', roleIds: [] }],
      ['status', { userId: stranger.id, status: 0 }],
      ['resetPwd', { userId: stranger.id, password: digest('Hijack-pass1') }],
      ['delete', { userId: stranger.id }],
    ] as const) {
      expect((await post(path, body)).statusCode, path).toBe(404);
    }
    const foreignRole = await post('create', newUser({ roleIds: [guardRole] }));
    expect(foreignRole.statusCode).toBe(404);
    expect(foreignRole.json().errors[0].path).toBe('roleIds');
    await login(t.app, stranger.account, stranger.password);
    expect((await get('role-options')).json().data.map((r: { roleCode: string }) => r.roleCode)).not.toContain('guard');
  });

  it('answers 403 to a user without the grants', async () => {
    const plain = await makeUser(t, tenantId);
    const plainToken = await login(t.app, plain.account, plain.password);
    for (const route of ROUTES) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const res = method === 'GET' ? await get(path, {}, plainToken) : await post(path, {}, {}, plainToken);
      expect(res.statusCode, route).toBe(403);
    }
  });
});
