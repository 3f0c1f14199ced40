import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeUser } from '../../../test/factories.js';
import { createMemoryBus, type Bus } from '../../platform/bus.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { createRedisBus } from '../../platform/redis-bus.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();

const HOME = '/api/system-server/user/get/home/date';
const USERS = '/api/system-server/user/page?index=1&size=10';
const USERS_ROUTE = 'GET /api/system-server/user/page';

/**
 * Two instances sharing one database and one bus: in-process on PGlite, or PostgreSQL with Redis
 * when TEST_DATABASE_URL and TEST_REDIS_URL are set. Each instance caches who its callers are; a
 * change made through one is refused by the other on its very next request.
 */
describe('access across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let adminToken: string;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const made = await openTestDatabase();
    const shared = !databaseUrl || !redisUrl;
    const sharedBus: Bus | null = shared ? createMemoryBus() : null;
    const prefix = `patrol-test:${randomBytes(4).toString('hex')}:`;
    const busFor = async () => sharedBus ?? createRedisBus(redisUrl!, { prefix });
    a = await createTestApp({ database: made.database, bus: await busFor() });
    // PGlite is one connection in this process: both instances use it. PostgreSQL gets a pool each.
    const second: Database = made.url ? await openDatabase({ databaseUrl: made.url, pgliteDir: null }) : made.database;
    b = await createTestApp({ database: second, bus: await busFor() });
    cleanup.push(async () => {
      await a.close();
      await b.close();
      if (second !== made.database) await second.close();
      await made.database.close();
      await made.drop();
    });
    adminToken = await login(a.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  /** A user who may list users, signed in, already known (and cached) by both instances. */
  async function cachedCaller() {
    const user = await makeUser(a, 1, { grants: [USERS_ROUTE] });
    const token = await login(a.app, user.account, user.password);
    for (const t of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: USERS, headers: as(token) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(200);
    }
    return { user, token };
  }

  it('refuses a session signed out on one instance on the next request to the other', async () => {
    const { token } = await cachedCaller();
    const out = await a.app.inject({ method: 'POST', url: '/api/system-server/auth/logout', headers: as(token) });
    expect(out.statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(401);
    expect((await a.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(401);
  });

  it('refuses a user disabled on one instance on the next request to the other', async () => {
    const { user, token } = await cachedCaller();
    const off = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/user/status',
      headers: as(adminToken),
      payload: { userId: user.id, status: 0 },
    });
    expect(off.statusCode).toBe(200);
    const next = await b.app.inject({ method: 'GET', url: USERS, headers: as(token) });
    expect(next.statusCode).toBeGreaterThanOrEqual(401);
    expect(next.statusCode).toBeLessThanOrEqual(403);
  });

  it('refuses a route whose grant was removed on one instance on the next request to the other', async () => {
    const { user, token } = await cachedCaller();
    const roleId = user.roleIds[0]!;
    const removed = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/role/grant',
      headers: as(adminToken),
      payload: { roleId, menuIds: [], resourceIds: [] },
    });
    expect(removed.statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: USERS, headers: as(token) })).statusCode).toBe(403);
    // Still signed in: only the grant went.
    expect((await b.app.inject({ method: 'GET', url: HOME, headers: as(token) })).statusCode).toBe(200);
  });

  it("shows a role's new name in the other instance's home data at once", async () => {
    const { user, token } = await cachedCaller();
    const roleId = user.roleIds[0]!;
    const roleName = `Renamed ${randomBytes(3).toString('hex')}`;
    const renamed = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/role/update',
      headers: as(adminToken),
      payload: { roleId, roleName, roleCode: `c${randomBytes(3).toString('hex')}` },
    });
    expect(renamed.statusCode).toBe(200);
    const home = await b.app.inject({ method: 'GET', url: HOME, headers: as(token) });
    expect(home.json().data.loginUser.roles.map((r: { roleName: string }) => r.roleName)).toEqual([roleName]);
    // The users list shows the role by its new name too.
    const listed = await b.app.inject({ method: 'GET', url: USERS, headers: as(token) });
    const row = listed.json().data.rows.find((r: { userId: number }) => r.userId === user.id);
    expect(row.roles.map((r: { roleName: string }) => r.roleName)).toEqual([roleName]);
  });

  /** The users page of the platform tenant as the administrator sees it on an instance. */
  async function usersOn(t: TestApp) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/system-server/user/page?index=1&size=200',
      headers: as(adminToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { rows: Record<string, unknown>[]; total: number };
  }

  it("lists a user added on one instance in the other's very next users page", async () => {
    const before = await usersOn(b);
    const account = `u${randomBytes(4).toString('hex')}`;
    const made = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/user/create',
      headers: as(adminToken),
      payload: { account, username: 'Listed at once', password: 'a'.repeat(64), roleIds: [] },
    });
    expect(made.statusCode).toBe(200);
    const after = await usersOn(b);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]).toMatchObject({ account, username: 'Listed at once' });
  });

  it("shows a user's change and last sign-in made on one instance in the other's very next users page", async () => {
    const { user } = await cachedCaller();
    await usersOn(b);
    const renamed = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/user/update',
      headers: as(adminToken),
      payload: { userId: user.id, username: 'Renamed at once', roleIds: user.roleIds },
    });
    expect(renamed.statusCode).toBe(200);
    const row = (await usersOn(b)).rows.find((r) => r.userId === user.id)!;
    expect(row.username).toBe('Renamed at once');

    await login(a.app, user.account, user.password);
    const signedIn = (await usersOn(b)).rows.find((r) => r.userId === user.id)!;
    expect(signedIn.lastLoginTime).not.toBe(row.lastLoginTime);
  });

  it("shows a tenant's new name in the other instance's home data at once", async () => {
    const { token } = await cachedCaller();
    const tenantName = `Platform ${randomBytes(3).toString('hex')}`;
    const renamed = await a.app.inject({
      method: 'POST',
      url: '/api/system-server/tenant/update',
      headers: as(adminToken),
      payload: {
        tenantId: 1,
        tenantName,
        adminName: 'Admin',
        adminPhone: '13800138000',
        adminEmail: 'admin@example.com',
      },
    });
    expect(renamed.statusCode).toBe(200);
    const home = await b.app.inject({ method: 'GET', url: HOME, headers: as(token) });
    expect(home.json().data.loginUser.tenantName).toBe(tenantName);
  });
});
