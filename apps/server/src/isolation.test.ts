import { readdir } from 'node:fs/promises';
import {
  ADMIN_ROLE_CODE,
  HEADERS,
  MENU_TREE,
  menuNames,
  PLATFORM_TENANT_ID,
  SEEDED_ROLE_CODES,
} from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser } from '../test/factories.js';
import { ADMIN_ACCOUNT } from './seed.js';
import {
  newMarker,
  type IsolationArea,
  type IsolationCase,
  type IsolationTenant,
  type IsolationWorld,
} from '../test/isolation.js';
import { assignRoles } from './modules/roles/roles.repository.js';
import { listResources } from './modules/resources/resources.repository.js';

/**
 * Tenant isolation, walked over every registered route: each area declares in
 * `modules/<area>/<area>.isolation.ts` how to aim its routes at another tenant's rows, and a route
 * without such a case fails the walk. Then the role matrix: for each seeded role and each route,
 * the answer follows the grant.
 */
const modulesDir = new URL('./modules/', import.meta.url);
const areas: { name: string; area: IsolationArea }[] = [];
for (const dir of (await readdir(modulesDir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
  const file = `${dir.name}.isolation.ts`;
  const files = await readdir(new URL(`${dir.name}/`, modulesDir));
  if (!files.includes(file)) continue;
  const mod = (await import(new URL(`${dir.name}/${file}`, modulesDir).href)) as { isolation: IsolationArea };
  areas.push({ name: dir.name, area: mod.isolation });
}
const cases: IsolationCase[] = areas.flatMap((a) => a.area.cases);

type Row = Record<string, unknown>;

async function rows(t: TestApp, query: string): Promise<Row[]> {
  const result = (await t.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

/** Every row that belongs to tenant `id`, table by table, plus the global console tables. */
async function snapshot(t: TestApp, id: number): Promise<Record<string, Row[]>> {
  const tables = await rows(
    t,
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`,
  );
  const out: Record<string, Row[]> = {};
  for (const { table_name: name } of tables) {
    out[String(name)] = await rows(t, `select * from "${String(name)}" where tenant_id = ${id} order by 1`);
  }
  out.tenant = await rows(t, `select * from tenants where id = ${id}`);
  out.user_roles = await rows(
    t,
    `select * from user_roles where user_id in (select id from users where tenant_id = ${id}) order by 1, 2`,
  );
  for (const link of ['role_menus', 'role_resources']) {
    out[link] = await rows(
      t,
      `select * from ${link} where role_id in (select id from roles where tenant_id = ${id}) order by 1, 2`,
    );
  }
  out.menus = await rows(t, 'select * from menus order by id');
  out.configs = await rows(t, 'select * from configs order by id');
  return out;
}

async function makeWorldTenant(t: TestApp, label: string): Promise<IsolationTenant> {
  const marker = newMarker(label);
  const tenant = await makeTenant(t, { code: marker, name: `Tenant ${marker}` });
  const grantable = (await listResources(t.db)).filter((r) => r.access === 'grant');
  const admin = await makeUser(t, tenant.id, {
    account: `${marker}adm`,
    grants: grantable.map((r) => `${r.method} ${r.route}`),
    menus: menuNames(MENU_TREE),
  });
  const token = await login(t.app, admin.account, admin.password);
  return { tenantId: tenant.id, admin, token, marker, ids: {} };
}

function inject(t: TestApp, method: string, token: string, req: ReturnType<IsolationCase['request']>, extra = {}) {
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return t.app.inject({
    method: method as 'GET',
    url: `${req.url}${query}`,
    headers: as(token, extra),
    ...(req.payload === undefined ? {} : { payload: req.payload as Record<string, unknown> }),
  });
}

describe('tenant isolation over every route', () => {
  let t: TestApp;
  let world: IsolationWorld;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await makeWorldTenant(t, 'a');
    const b = await makeWorldTenant(t, 'b');
    for (const { area } of areas) {
      await area.seed?.(t, a);
      await area.seed?.(t, b);
    }
    world = { t, a, b };
  });
  afterAll(() => t?.close());

  it('has a case for every route that is not public, and no case for a route that does not exist', async () => {
    const routes = (await listResources(t.db))
      .filter((r) => r.access !== 'public')
      .map((r) => `${r.method} ${r.route}`);
    const covered = new Set(cases.map((c) => c.resource));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((c) => !routes.includes(c))).toEqual([]);
    expect(cases.length).toBe(covered.size);
  });

  it.each(cases.map((c) => [c.resource, c] as const))(
    '%s reads and changes nothing of another tenant',
    async (_, c) => {
      const { a, b } = world;
      const [method] = c.resource.split(' ') as [string, string];
      const before = await snapshot(t, b.tenantId);
      const req = c.request(world);

      const own = await inject(t, method, await login(t.app, a.admin.account, a.admin.password), req);
      if (!c.ownData) expect([403, 404]).toContain(own.statusCode);
      expect(own.statusCode).not.toBe(401);
      expect(own.statusCode).toBeLessThan(500);
      expect(own.body).not.toContain(b.marker);

      const aimed = await inject(t, method, await login(t.app, a.admin.account, a.admin.password), req, {
        [HEADERS.tenant]: String(b.tenantId),
      });
      expect(aimed.statusCode).toBe(403);
      expect(aimed.body).not.toContain(b.marker);

      expect(await snapshot(t, b.tenantId)).toEqual(before);
    },
  );
});

describe('role matrix: every seeded role against every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Roles seeded with each new tenant exist once a tenant has been created, as a user would.
    const root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/system-server/tenant/create',
      headers: as(root),
      payload: {
        tenantCode: 'matrix',
        tenantName: 'Matrix',
        adminPhone: '13800138000',
        adminAccount: 'matrix-admin',
        adminName: 'Matrix Admin',
        adminPassword: digest('Matrix-pass9'),
        adminEmail: 'matrix@example.com',
      },
    });
    if (created.statusCode !== 200) throw new Error(`tenant not created: ${created.body}`);
  });
  afterAll(() => t?.close());

  it('answers 403 exactly where the role lacks the grant (or is not a platform role on a platform route)', async () => {
    const resources = (await listResources(t.db)).filter((r) => r.access !== 'public');
    const seeded = await rows(
      t,
      `select r.id, r.tenant_id, r.code from roles r where r.code in (${SEEDED_ROLE_CODES.map((c) => `'${c}'`).join(', ')}) order by r.id`,
    );
    for (const code of SEEDED_ROLE_CODES) expect(seeded.some((r) => r.code === code)).toBe(true);
    expect(seeded.some((r) => r.code === ADMIN_ROLE_CODE && Number(r.tenant_id) === PLATFORM_TENANT_ID)).toBe(true);

    const mismatches: string[] = [];
    for (const role of seeded) {
      const tenantId = Number(role.tenant_id);
      const user = await makeUser(t, tenantId);
      await assignRoles(t.db, tenantId, user.id, [Number(role.id)]);
      const granted = new Set(
        (await rows(t, `select resource_id from role_resources where role_id = ${Number(role.id)}`)).map((r) =>
          Number(r.resource_id),
        ),
      );
      const platformRole = tenantId === PLATFORM_TENANT_ID && role.code === ADMIN_ROLE_CODE;
      for (const resource of resources) {
        const allowed =
          resource.access === 'session' || (granted.has(resource.id) && (resource.access === 'grant' || platformRole));
        const token = await login(t.app, user.account, user.password);
        const url = resource.route.replace(/:[A-Za-z]+/g, '999999');
        const res = await t.app.inject({
          method: resource.method as 'GET',
          url,
          headers: as(token),
          ...(resource.method === 'GET' || resource.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 403 || res.statusCode === 401;
        if (refused === allowed) {
          mismatches.push(`${String(role.code)}@${tenantId} ${resource.method} ${resource.route} → ${res.statusCode}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
