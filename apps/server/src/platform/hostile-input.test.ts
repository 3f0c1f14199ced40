import { ADMIN_ACCOUNT, translate } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/create-test-app.js';
import { as, login } from '../../test/factories.js';
import { installErrorHandler } from './errors.js';

const CREATE_ROLE = '/api/system-server/role/create';
const PAGE_ROLES = '/api/system-server/role/page';
const UPDATE_CONFIG = '/api/system-server/config/update';
const PAGE_CONFIGS = '/api/system-server/config/page';

describe('hostile input gets a 4xx and changes nothing', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url, headers: as(token, { lang, 'content-type': 'application/json' }), payload });
  const get = (url: string, query: Record<string, string>, lang = 'en-US') =>
    t.app.inject({ method: 'GET', url, query, headers: as(token, { lang }) });
  const roleCount = async () => (await get(PAGE_ROLES, { size: '1' })).json().data.total as number;
  const configValue = async (key: string) =>
    ((await get(PAGE_CONFIGS, { keyword: key })).json().data.rows as { configKey: string; configValue: string }[]).find(
      (r) => r.configKey === key,
    )?.configValue;

  describe('a NUL character', () => {
    it('in a body text field answers 422 under the field, in the caller language', async () => {
      const before = await roleCount();
      for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
        const res = await post(CREATE_ROLE, JSON.stringify({ roleName: 'a\u0000b', roleCode: 'nul_role' }), lang);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          code: 422,
          message: translate(lang, 'errors.validation'),
          data: null,
          errors: [{ path: 'roleName', message: translate(lang, 'validation.nulCharacter') }],
        });
      }
      expect(await roleCount()).toBe(before);
    });

    it('in a long text field that reaches the database unchanged answers 422 and keeps the stored value', async () => {
      const before = await configValue('3dDashboardUrl');
      const res = await post(UPDATE_CONFIG, JSON.stringify({ configKey: '3dDashboardUrl', configValue: 'x\u0000' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { path: 'configValue', message: translate('en-US', 'validation.nulCharacter') },
      ]);
      expect(await configValue('3dDashboardUrl')).toBe(before);
    });

    it('in a query string answers 422', async () => {
      const res = await get('/api/system-server/user/page', { keyword: 'a\u0000' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'keyword', message: translate('en-US', 'validation.nulCharacter') }]);
    });

    it('in a path answers 4xx', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ws/msg/1%00' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  describe('an id beyond the id column (int4)', () => {
    it('in a body answers 422 "out of range"', async () => {
      for (const payload of [{ userId: 99_999_999_999 }, { userId: 2_147_483_648 }]) {
        const res = await post('/api/system-server/user/delete', JSON.stringify(payload));
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([{ path: 'userId', message: translate('en-US', 'validation.outOfRange') }]);
      }
      const largest = await post('/api/system-server/user/delete', JSON.stringify({ userId: 2_147_483_647 }));
      expect(largest.statusCode).toBe(404);
    });

    it('in a list of ids answers 422 under the item', async () => {
      const res = await post('/api/notice-server/notice/read', JSON.stringify({ noticeIds: [1, 99_999_999_999] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { path: 'noticeIds.1', message: translate('en-US', 'validation.outOfRange') },
      ]);
    });

    it('in a query answers 422, and so does a page number that would overflow the offset', async () => {
      const grants = await get('/api/system-server/role/grants', { roleId: '99999999999' });
      expect(grants.statusCode).toBe(422);
      const page = await get('/api/robot-server/robot/move/page', { index: '9007199254740943', tenantId: '1' });
      expect(page.statusCode).toBe(422);
    });

    it('in a path answers 4xx', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ws/msg/99999999999' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  describe('a time filter beyond what the database holds', () => {
    it.each(['-271821-04-20T00:00:00.000Z', '+275760-09-12T23:59:59.958Z', '0000-01-01T00:00:00Z'])(
      '%s answers 422 under the field',
      async (startTime) => {
        for (const url of ['/api/robot-server/upload/page', '/api/log-server/login/page']) {
          const res = await get(url, { startTime });
          expect(res.statusCode, url).toBe(422);
          expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['startTime']);
        }
      },
    );
  });

  describe('a body that is not a JSON object', () => {
    it.each(['null', '[]', '"text"', '0', 'true'])('%s answers 422 "must be a JSON object"', async (payload) => {
      for (const url of ['/api/robot-server/multicast/create', CREATE_ROLE]) {
        const res = await post(url, payload);
        expect(res.statusCode, url).toBe(422);
        expect(res.json().message).toBe(translate('en-US', 'errors.bodyNotObject'));
      }
    });
  });

  describe('prototype keys in a body', () => {
    it.each([
      '{"__proto__":{"roleName":"x"},"roleName":"proto_a","roleCode":"proto_a"}',
      '{"roleName":"proto_b","roleCode":"proto_b","constructor":{"prototype":{"x":1}}}',
      '{"roleName":"proto_c","roleCode":"proto_c","remark":{"constructor":null}}',
      '{"\\u005f_proto__":{"x":1},"roleName":"proto_d","roleCode":"proto_d"}',
    ])('%s answers 400 and creates nothing', async (payload) => {
      const before = await roleCount();
      const res = await post(CREATE_ROLE, payload, 'zh-TW');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: translate('zh-TW', 'errors.prototypeKey'), data: null });
      expect(await roleCount()).toBe(before);
    });

    it('still answers 400 "bad request" for malformed, empty or too large JSON', async () => {
      for (const payload of ['{"roleName":', '', `{"roleName":"${'x'.repeat(1024 * 1024)}"}`]) {
        const res = await post(CREATE_ROLE, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(translate('en-US', 'errors.badRequest'));
      }
    });

    it('leaves such words inside values alone', async () => {
      const res = await post(CREATE_ROLE, JSON.stringify({ roleName: '__proto__ constructor', roleCode: 'proto_ok' }));
      expect(res.statusCode).toBe(200);
    });
  });
});

describe("the database's refusals of a value", () => {
  let t: TestApp;
  const app = Fastify({ logger: false });
  installErrorHandler(app);

  beforeAll(async () => {
    t = await createTestApp();
    // Queries the database refuses for the value itself, as a route that missed a check would send them.
    app.get('/nul', async () => t.db.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/int4', async () => t.db.execute(sql`select ${'99999999999'}::int4`));
    app.get('/not-a-number', async () => t.db.execute(sql`select ${'x'}::int4`));
    app.get('/far-time', async () => t.db.execute(sql`select ${'+275760-09-12T23:59:59.958Z'}::timestamptz`));
    app.get('/other', async () => t.db.execute(sql`select * from no_such_table`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it.each(['/nul', '/int4', '/not-a-number', '/far-time'])('%s answers 400 with a localised message', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: translate('zh-CN', 'errors.unstorableValue'), data: null });
  });

  it('keeps 500 for every other database error', async () => {
    const res = await app.inject({ method: 'GET', url: '/other' });
    expect(res.statusCode).toBe(500);
  });
});
