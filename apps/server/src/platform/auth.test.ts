import { translate } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../test/factories.js';
import { STATUS } from '../db/columns.js';
import { listResources } from '../modules/resources/resources.repository.js';
import { setTenantStatus } from '../modules/tenants/tenants.repository.js';
import { tokenFrom } from './auth.js';

const HOME = '/api/system-server/user/get/home/date';

describe('access hook: acting tenant', () => {
  let t: TestApp;
  let admin: string;
  let tenantA: number;
  let tenantB: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
    tenantA = (await makeTenant(t)).id;
    tenantB = (await makeTenant(t)).id;
  });
  afterAll(() => t.close());

  const home = (token: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: HOME, headers: as(token, headers) });

  it("acts in the user's own tenant without a header or with its own id", async () => {
    const user = await makeUser(t, tenantA);
    const token = await login(t.app, user.account, user.password);
    for (const headers of [{}, { 'tenant-id': String(tenantA) }, { 'tenant-id': '' }] as Record<string, string>[]) {
      const res = await home(token, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.loginUser.tenantId).toBe(tenantA);
    }
  });

  it('refuses a foreign tenant-id to a user who is not a platform administrator, in every language', async () => {
    const user = await makeUser(t, tenantA, { roleCodes: ['admin'] });
    const token = await login(t.app, user.account, user.password);
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      for (const id of [String(tenantB), '1', 'abc', '-1']) {
        const res = await home(token, { 'tenant-id': id, lang });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 403, message: translate(lang, 'errors.tenantForbidden'), data: null });
      }
    }
  });

  it('refuses a foreign tenant-id to a platform-tenant user without the admin role', async () => {
    const user = await makeUser(t, 1, { roleCodes: ['operator'] });
    const token = await login(t.app, user.account, user.password);
    expect((await home(token, { 'tenant-id': String(tenantA) })).statusCode).toBe(403);
  });

  it('lets a platform administrator act in an existing, enabled tenant', async () => {
    const res = await home(admin, { 'tenant-id': String(tenantB) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.loginUser).toMatchObject({ tenantId: tenantB, platformAdmin: true, userId: 1 });
  });

  it('refuses even a platform administrator an unknown or disabled tenant', async () => {
    expect((await home(admin, { 'tenant-id': '987654' })).statusCode).toBe(403);
    const disabled = await makeTenant(t);
    await setTenantStatus(t.db, disabled.id, STATUS.disabled);
    const res = await home(admin, { 'tenant-id': String(disabled.id), lang: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(translate('en-US', 'errors.tenantForbidden'));
  });
});

describe('access hook: every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = async (method: string, route: string, headers: Record<string, string>) =>
    t.app.inject({ method: method as 'GET' | 'POST', url: route.replace(/:\w+/g, '1'), headers });

  it('refuses every non-public route without a session (401), before reading the body', async () => {
    const rows = (await listResources(t.db)).filter((r) => r.access !== 'public');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const res = await call(r.method, r.route, { lang: 'zh-TW', 'content-type': 'application/json' });
      expect(res.statusCode, `${r.method} ${r.route}`).toBe(401);
      expect(res.json().message).toBe(translate('zh-TW', 'errors.unauthorized'));
    }
  });

  it('refuses every non-public route to a user who names another tenant (403)', async () => {
    const own = await makeTenant(t);
    const other = await makeTenant(t);
    const user = await makeUser(t, own.id, { roleCodes: ['admin'] });
    const token = await login(t.app, user.account, user.password);
    for (const r of (await listResources(t.db)).filter((x) => x.access !== 'public')) {
      const res = await call(r.method, r.route, as(token, { 'tenant-id': String(other.id), lang: 'en-US' }));
      expect(res.statusCode, `${r.method} ${r.route}`).toBe(403);
      expect(res.json().message).toBe(translate('en-US', 'errors.tenantForbidden'));
    }
  });

  it('refuses every granted route to a role without the grant (403)', async () => {
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id, { roleCodes: ['operator'] });
    const token = await login(t.app, user.account, user.password);
    const granted = (await listResources(t.db)).filter((x) => x.access === 'grant');
    expect(granted.length).toBeGreaterThan(0);
    for (const r of granted) {
      const res = await call(r.method, r.route, as(token, { lang: 'zh-CN' }));
      expect(res.statusCode, `${r.method} ${r.route}`).toBe(403);
      expect(res.json().message).toBe(translate('zh-CN', 'errors.forbidden'));
    }
  });
});

describe('tokenFrom', () => {
  it('reads Bearer tokens and bare tokens', () => {
    expect(tokenFrom('Bearer abc')).toBe('abc');
    expect(tokenFrom('bearer  abc ')).toBe('abc');
    expect(tokenFrom('abc')).toBe('abc');
    expect(tokenFrom('')).toBeNull();
    expect(tokenFrom(undefined)).toBeNull();
  });
});
