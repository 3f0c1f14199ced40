import { LANGUAGES, PLATFORM_TENANT_ID, translate } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { findRoleByCode, grantResources, revokeResources } from '../roles/roles.repository.js';
import { roleResources } from '../roles/roles.tables.js';
import { findResourceIds, listResources } from './resources.repository.js';

const LIST = '/api/system-server/resource/list';

/** Every API operation of the OpenAPI document, as `METHOD /path` with fastify's `:param` syntax. */
const documentedRoutes = async (t: TestApp) =>
  Object.entries(((await t.app.openApiDocument()) as { paths: Record<string, Record<string, unknown>> }).paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));

describe('resources', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('registers every API route at start, with its access and description', async () => {
    const rows = await listResources(t.db);
    const keys = rows.map((r) => `${r.method} ${r.route}`).sort();
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/notice-server/notice/my/page',
        'GET /api/system-server/config/list',
        'GET /api/system-server/resource/list',
        'GET /api/system-server/user/get/home/date',
        'GET /api/ws/msg/:userId',
        'POST /api/notice-server/notice/publish',
        'POST /api/notice-server/notice/read',
        'POST /api/system-server/auth/login',
        'POST /api/system-server/auth/logout',
        'POST /api/system-server/user/updatePwd',
      ]),
    );
    // Every row is a route the server answers, and none is there twice.
    for (const row of rows) expect(t.app.hasRoute({ method: row.method as 'GET', url: row.route })).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const access = Object.fromEntries(rows.map((r) => [`${r.method} ${r.route}`, r.access]));
    expect(access).toMatchObject({
      'GET /api/health': 'public',
      'POST /api/system-server/auth/login': 'public',
      'GET /api/ws/msg/:userId': 'public',
      'POST /api/system-server/auth/logout': 'session',
      'GET /api/system-server/user/get/home/date': 'session',
      'POST /api/system-server/user/updatePwd': 'session',
      'GET /api/system-server/config/list': 'session',
      'GET /api/notice-server/notice/my/page': 'session',
      'POST /api/notice-server/notice/read': 'session',
      'POST /api/notice-server/notice/publish': 'grant',
      'GET /api/system-server/resource/list': 'grant',
    });
    for (const row of rows) expect(row.description.length).toBeGreaterThan(10);
    expect((await documentedRoutes(t)).sort()).toEqual(keys);
  });

  it('grants every resource to the platform admin role', async () => {
    const role = await findRoleByCode(t.db, PLATFORM_TENANT_ID, 'admin');
    const granted = await t.db.select().from(roleResources).where(eq(roleResources.roleId, role!.id));
    expect(granted).toHaveLength((await listResources(t.db)).length);
  });

  it('lists the resources for a granted caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { route: string; method: string; access: string; resourceId: number }[];
    expect(data).toContainEqual(
      expect.objectContaining({ route: '/api/notice-server/notice/publish', method: 'POST', access: 'grant' }),
    );
  });

  it('answers 403 to a role without the grant, in every language, also in another tenant', async () => {
    const tenant = await makeTenant(t);
    for (const tenantId of [PLATFORM_TENANT_ID, tenant.id]) {
      const user = await makeUser(t, tenantId, { roleCodes: ['operator'], menus: ['home'] });
      const token = await login(t.app, user.account, user.password);
      for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
        const res = await t.app.inject({ method: 'GET', url: LIST, headers: as(token, { lang }) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 403, message: translate(lang, 'errors.forbidden'), data: null });
      }
    }
  });

  it('applies a grant change to the very next request', async () => {
    const tenant = await makeTenant(t);
    const user = await makeUser(t, tenant.id, { grants: [`GET ${LIST}`] });
    const token = await login(t.app, user.account, user.password);
    const call = () => t.app.inject({ method: 'GET', url: LIST, headers: as(token) });
    expect((await call()).statusCode).toBe(200);
    const ids = await findResourceIds(t.db, [{ method: 'GET', route: LIST }]);
    const roleId = user.roleIds[0]!;
    // The tenant's grants change the way an administrator changes them: through the roles API.
    const grant = async (resourceIds: number[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/system-server/role/grant',
        headers: as(admin, { 'tenant-id': String(tenant.id) }),
        payload: { roleId, menuIds: [], resourceIds },
      });
      expect(res.statusCode).toBe(200);
    };
    await grant([]);
    expect((await call()).statusCode).toBe(403);
    await grant(ids);
    expect((await call()).statusCode).toBe(200);
  });

  it('a second start registers nothing new and keeps grants removed by hand', async () => {
    const role = await findRoleByCode(t.db, PLATFORM_TENANT_ID, 'admin');
    const ids = await findResourceIds(t.db, [{ method: 'GET', route: LIST }]);
    await revokeResources(t.db, PLATFORM_TENANT_ID, role!.id, ids);
    const before = await listResources(t.db);
    const again = await createTestApp({ database: t.database });
    try {
      expect(await listResources(t.db)).toEqual(before);
      const granted = await t.db.select().from(roleResources).where(eq(roleResources.roleId, role!.id));
      expect(granted.map((g) => g.resourceId)).not.toContain(ids[0]);
    } finally {
      await again.close();
      await grantResources(t.db, PLATFORM_TENANT_ID, role!.id, ids);
    }
  });

  it('describes every route in the three languages, and lists them so', async () => {
    const ops = Object.values(
      ((await t.app.openApiDocument()) as { paths: Record<string, Record<string, { operationId?: string }>> }).paths,
    ).flatMap((methods) => Object.values(methods).map((op) => op.operationId ?? '(none)'));
    const missing = LANGUAGES.flatMap((lang) =>
      ops.filter((id) => translate(lang, `operations.${id}`) === `operations.${id}`).map((id) => `${lang} ${id}`),
    );
    expect(missing).toEqual([]);

    const res = await t.app.inject({ method: 'GET', url: LIST, headers: as(admin, { lang: 'zh-TW' }) });
    const row = (res.json().data as { method: string; route: string; description: string }[]).find(
      (r) => r.method === 'POST' && r.route === '/api/system-server/tenant/create',
    );
    expect(row?.description).toBe('新增租戶');
  });
});
