import { APP_VERSION, TENANT_ADMIN_ROLE_CODE } from '@patrol/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { diagnosticsCode } from './diagnostics.tables.js';
import { secretFailures } from '../auth/auth.tables.js';

const REPORT = '/api/system-server/diagnostics';
const CODE = '/api/system-server/diagnostics/code';
const THE_CODE = 'night-shift-42';

describe('diagnostics', () => {
  let t: TestApp;
  let root: string;
  let operator: string;
  let tenantAdmin: string;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const tenant = await makeTenant(t);
    const admin = await makeUser(t, tenant.id, { roleCodes: [TENANT_ADMIN_ROLE_CODE] });
    tenantAdmin = await login(t.app, admin.account, admin.password);
    const user = await makeUser(t, tenant.id);
    operator = await login(t.app, user.account, user.password);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(diagnosticsCode);
    await t.db.delete(secretFailures);
    // Each test calls from an address of its own, so the attempt limit of one never meets another.
    address += 1;
  });

  const ip = () => `10.9.0.${address}`;
  const report = (code: string | undefined, token = operator, remoteAddress = ip()) =>
    t.app.inject({
      method: 'GET',
      url: code === undefined ? REPORT : `${REPORT}?code=${encodeURIComponent(code)}`,
      headers: as(token),
      remoteAddress,
    });
  const setCode = (payload: Record<string, unknown>, token = root, lang = 'zh-CN') =>
    t.app.inject({ method: 'POST', url: `${CODE}/set`, headers: as(token, { lang }), payload });
  const clearCode = (token = root) =>
    t.app.inject({ method: 'POST', url: `${CODE}/clear`, headers: as(token), payload: {} });
  const status = (token = root) => t.app.inject({ method: 'GET', url: CODE, headers: as(token) });

  it('opens for nobody while no code is set', async () => {
    expect((await status()).json().data).toMatchObject({ set: false, expired: false });
    const res = await report('anything-at-all');
    expect(res.statusCode).toBe(404);
    expect((await report(undefined)).statusCode).toBe(404);
  });

  it('shows the figures to whoever holds the code a platform administrator set, and to nobody else', async () => {
    const set = await setCode({ passcode: THE_CODE });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ set: true, expiresAt: null, expired: false });
    expect(set.json().data.setByName).toBeTruthy();
    // Kept as a slow hash, never in clear.
    const [row] = await t.db.select().from(diagnosticsCode);
    expect(row!.codeHash).toMatch(/^scrypt\$/);
    expect(row!.codeHash).not.toContain(THE_CODE);

    expect((await report('night-shift-43')).statusCode).toBe(404);
    expect((await report(undefined)).statusCode).toBe(404);

    const res = await report(THE_CODE);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      consoleVersion: APP_VERSION,
      nodeVersion: process.version,
      // The engine the test app runs on: a real PostgreSQL when TEST_DATABASE_URL names one.
      database: { kind: process.env.TEST_DATABASE_URL?.trim() ? 'postgresql' : 'pglite' },
      broker: { kind: 'embedded', connectedRobots: 0 },
      bus: { kind: 'memory' },
    });
    expect(data.database.migration).toMatch(/^\d{4}_/);
    expect(data.database.migrationCount).toBeGreaterThan(10);
    expect(data.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(data.memory.rss).toBeGreaterThan(0);
    expect(Array.isArray(data.servers)).toBe(true);
  });

  it('refuses an expired code like a wrong one', async () => {
    expect((await setCode({ passcode: THE_CODE, validHours: 1 })).statusCode).toBe(200);
    expect((await report(THE_CODE)).statusCode).toBe(200);
    await t.db.update(diagnosticsCode).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await status()).json().data).toMatchObject({ set: true, expired: true });
    expect((await report(THE_CODE)).statusCode).toBe(404);
  });

  it('stops opening once the code is cleared', async () => {
    await setCode({ passcode: THE_CODE });
    expect((await clearCode()).statusCode).toBe(200);
    expect((await status()).json().data.set).toBe(false);
    expect((await report(THE_CODE)).statusCode).toBe(404);
  });

  it('is set, read and cleared by platform administrators only', async () => {
    await setCode({ passcode: THE_CODE });
    for (const token of [tenantAdmin, operator]) {
      expect((await setCode({ passcode: 'tenant-made-1' }, token)).statusCode).toBe(403);
      expect((await clearCode(token)).statusCode).toBe(403);
      expect((await status(token)).statusCode).toBe(403);
    }
    // Nothing changed: the platform's code still opens the page, the tenant's does not.
    expect((await report('tenant-made-1')).statusCode).toBe(404);
    expect((await report(THE_CODE)).statusCode).toBe(200);
  });

  it('refuses a short or spaced code with the message in each language, and keeps the old one', async () => {
    await setCode({ passcode: THE_CODE });
    const short = await setCode({ passcode: 'abc' }, root, 'en-US');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ path: 'passcode', message: 'The diagnostics code is 8 to 64 characters' }]);
    const spaced = await setCode({ passcode: 'two words here' }, root, 'zh-TW');
    expect(spaced.statusCode).toBe(422);
    expect(spaced.json().errors[0].message).toBe('診斷碼不能包含空格');
    const hours = await setCode({ passcode: 'long-enough-1', validHours: 0 }, root, 'zh-CN');
    expect(hours.json().errors[0]).toEqual({ path: 'validHours', message: '有效期为 1 到 720 小时' });
    expect((await report(THE_CODE)).statusCode).toBe(200);
  });

  it('limits wrong codes: past the limit even the right code is refused from that address', async () => {
    await setCode({ passcode: THE_CODE });
    for (let i = 0; i < 10; i++) expect((await report(`wrong-guess-${i}`)).statusCode).toBe(404);
    const locked = await report(THE_CODE);
    expect(locked.statusCode).toBe(429);
    // Another address is not locked out by this one.
    expect((await report(THE_CODE, operator, '10.9.1.1')).statusCode).toBe(200);
  });

  it('records setting and clearing in the operation log, the code masked', async () => {
    await setCode({ passcode: THE_CODE });
    await clearCode();
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/log-server/operation/page?size=20',
      headers: as(root),
    });
    const rows = logs.json().data.rows as { route: string; params: string | null }[];
    const set = rows.find((r) => r.route === `${CODE}/set`);
    expect(set).toBeDefined();
    expect(set!.params).not.toContain(THE_CODE);
    expect(rows.some((r) => r.route === `${CODE}/clear`)).toBe(true);
  });
});
