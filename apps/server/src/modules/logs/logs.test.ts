import { MASK } from '@patrol/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';

const LOGIN_PAGE = '/api/log-server/login/page';
const LOGIN_EXPORT = '/api/log-server/login/export';
const OPERATION_PAGE = '/api/log-server/operation/page';
const OPERATION_EXPORT = '/api/log-server/operation/export';
const PUBLISH = '/api/notice-server/notice/publish';
const UPDATE_PWD = '/api/system-server/user/updatePwd';
const LOG_GRANTS = [LOGIN_PAGE, LOGIN_EXPORT, OPERATION_PAGE, OPERATION_EXPORT].map((r) => `GET ${r}`);

type OperationRow = {
  description: string;
  method: string;
  route: string;
  account: string;
  roleNames: string;
  level: string;
  params: string | null;
  durationMs: number;
  result: string;
  statusCode: number;
};

describe('logs', () => {
  let t: TestApp;
  let tenantId: number;
  let auditor: MadeUser;
  let auditorToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    auditor = await makeUser(t, tenantId, { grants: [...LOG_GRANTS, `POST ${PUBLISH}`] });
    auditorToken = await login(t.app, auditor.account, auditor.password);
  });
  afterAll(() => t.close());

  const get = (url: string, token = auditorToken, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: as(token, headers) });

  /** The operation log is written after the answer is sent, so wait for it. */
  const operations = async (filter: string, expected: number) =>
    vi.waitFor(
      async () => {
        const rows = (await get(`${OPERATION_PAGE}?${filter}`)).json().data.rows as OperationRow[];
        expect(rows).toHaveLength(expected);
        return rows;
      },
      { timeout: 3000 },
    );

  it('writes one operation row per state-changing request, with the operator, roles, masked secrets and the result', async () => {
    const user = await makeUser(t, tenantId, { roleCodes: ['inspector'] });
    const token = await login(t.app, user.account, user.password);
    const wrongOld = digest('not-my-password1');
    const res = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(token),
      payload: { oldPwd: wrongOld, newPwd: digest('Another-pass9') },
    });
    expect(res.statusCode).toBe(200);
    // A read is not an operation.
    await t.app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(token) });

    const [row] = await operations(`operator=${user.account}`, 1);
    expect(row).toMatchObject({
      method: 'POST',
      route: UPDATE_PWD,
      account: user.account,
      roleNames: 'inspector',
      level: 'info',
      result: 'success',
      statusCode: 200,
    });
    expect(row!.description).toBe('修改自己的密码');
    // Described, and found by its description, in the caller's language.
    const tw = await get(
      `${OPERATION_PAGE}?operator=${user.account}&description=${encodeURIComponent('自己的密碼')}`,
      auditorToken,
      {
        lang: 'zh-TW',
      },
    );
    expect(tw.json().data.rows.map((r: OperationRow) => r.description)).toEqual(['修改自己的密碼']);
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(row!.params).toContain(MASK);
    expect(row!.params).not.toContain(wrongOld);
  });

  it('logs a refused request as a failure and a bad one as a warning, never the secret', async () => {
    const user = await makeUser(t, tenantId);
    const token = await login(t.app, user.account, user.password);
    const refused = await t.app.inject({
      method: 'POST',
      url: PUBLISH,
      headers: as(token),
      payload: { title: 'Hello', content: 'World' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: UPDATE_PWD,
      headers: as(token),
      payload: { oldPwd: 'secret-typed-in-clear', newPwd: 'x' },
    });
    expect(bad.statusCode).toBe(422);

    const rows = await operations(`operator=${user.account}&result=failure`, 2);
    // Both requests end within the same moment; which is listed first is not what this checks.
    expect(rows.map((r) => [r.route, r.statusCode, r.level]).sort()).toEqual([
      [PUBLISH, 403, 'warn'],
      [UPDATE_PWD, 422, 'warn'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('secret-typed-in-clear');
    // Refused before its body was read (the access check runs first), so no parameters are known.
    expect(rows.find((r) => r.route === PUBLISH)!.params).toBeNull();
  });

  it("keeps each tenant's logs to itself, also for a platform administrator acting in another tenant", async () => {
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other.id, { grants: [`POST ${PUBLISH}`] });
    const token = await login(t.app, stranger.account, stranger.password);
    const published = await t.app.inject({
      method: 'POST',
      url: PUBLISH,
      headers: as(token),
      payload: { title: 'Elsewhere', content: 'Other tenant' },
    });
    expect(published.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const own = await t.app.inject({
        method: 'GET',
        url: `${OPERATION_PAGE}?operator=${stranger.account}`,
        headers: as(token),
      });
      // The stranger has no grant to read logs, so its tenant's rows are checked below as the auditor.
      expect(own.statusCode).toBe(403);
    });
    const mine = await get(`${OPERATION_PAGE}?operator=${stranger.account}`);
    expect(mine.json().data).toEqual({ rows: [], total: 0 });
    const logins = await get(`${LOGIN_PAGE}?operator=${stranger.account}`);
    expect(logins.json().data.total).toBe(0);
    const aimed = await get(`${LOGIN_PAGE}?operator=${stranger.account}`, auditorToken, {
      'tenant-id': String(other.id),
    });
    expect(aimed.statusCode).toBe(403);
  });

  it('lists sign-ins of the tenant with result, reason and the user name, filtered by result, operator and time', async () => {
    const user = await makeUser(t, tenantId);
    await login(t.app, user.account, user.password);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/system-server/auth/login',
      headers: { 'tenant-id': String(tenantId) },
      payload: { account: user.account, password: digest('wrong-password1') },
    });
    expect(wrong.statusCode).toBe(401);

    const all = (await get(`${LOGIN_PAGE}?operator=${user.account}`)).json().data;
    expect(all.total).toBe(2);
    expect(all.rows.map((r: { result: string; reason: string }) => [r.result, r.reason])).toEqual([
      ['failure', 'wrong_password'],
      ['success', 'ok'],
    ]);
    expect(all.rows[0].username).toBe(`User ${user.account}`);

    const failures = (await get(`${LOGIN_PAGE}?operator=${user.account}&result=failure`)).json().data;
    expect(failures.total).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    const none = (await get(`${LOGIN_PAGE}?operator=${user.account}&startTime=${encodeURIComponent(future)}`)).json();
    expect(none.data.total).toBe(0);
    const past = new Date(Date.now() - 60_000).toISOString();
    const range = await get(
      `${LOGIN_PAGE}?operator=${user.account}&startTime=${encodeURIComponent(past)}&endTime=${encodeURIComponent(future)}`,
    );
    expect(range.json().data.total).toBe(2);
  });

  it('refuses a malformed filter with a field message in the caller language', async () => {
    const res = await get(`${LOGIN_PAGE}?startTime=yesterday&result=maybe`, auditorToken, { lang: 'en-US' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'startTime', message: 'Invalid time' },
        { path: 'result', message: expect.any(String) },
      ]),
    );
  });

  it('exports the filtered logs as a spreadsheet with headers in the caller language', async () => {
    const res = await get(`${LOGIN_EXPORT}?operator=${auditor.account}`, auditorToken, { lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Login%20logs.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Account');
    expect(sheet.getRow(2).getCell(1).value).toBe(auditor.account);
    expect(sheet.getRow(2).getCell(3).value).toBe('Success');

    const ops = await get(`${OPERATION_EXPORT}`, auditorToken);
    expect(ops.statusCode).toBe(200);
    const opsBook = new ExcelJS.Workbook();
    await opsBook.xlsx.load(ops.rawPayload as unknown as ArrayBuffer);
    expect(opsBook.worksheets[0]!.getRow(1).getCell(1).value).toBe('描述');
  });

  it('answers 403 to a user without the grant', async () => {
    const user = await makeUser(t, tenantId);
    const token = await login(t.app, user.account, user.password);
    for (const url of [LOGIN_PAGE, LOGIN_EXPORT, OPERATION_PAGE, OPERATION_EXPORT]) {
      expect((await get(url, token)).statusCode).toBe(403);
    }
  });
});
