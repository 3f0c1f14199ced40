import { NOTICE_PAGE_SIZE, translate } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';
import { insertNotices } from './notices.repository.js';
import { notices } from './notices.tables.js';

const PAGE = '/api/notice-server/notice/my/page';
const PUBLISH = '/api/notice-server/notice/publish';
const READ = '/api/notice-server/notice/read';
const READ_ALL = '/api/notice-server/notice/read/all';
const PUBLISH_GRANT = `POST ${PUBLISH}`;

describe('notices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** `n` notices for a user, one second apart, the last one newest. */
  const seedNotices = async (user: MadeUser, n: number, tenantId = user.tenantId, type = 1) => {
    const base = Date.now() - n * 1000;
    await insertNotices(
      t.db,
      tenantId,
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        title: `Notice ${i + 1}`,
        content: `Content ${i + 1}`,
        type,
        createdAt: new Date(base + i * 1000),
      })),
    );
  };

  const page = (token: string, query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${PAGE}?${query}`, headers: as(token, headers) });

  describe('my page', () => {
    it('gives 15 a page, newest first, with the total', async () => {
      const tenant = await makeTenant(t);
      const user = await makeUser(t, tenant.id);
      await seedNotices(user, 20);
      const token = await login(t.app, user.account, user.password);

      const first = await page(token, 'index=1&type=1&read=');
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data.total).toBe(20);
      expect(data.rows).toHaveLength(NOTICE_PAGE_SIZE);
      expect(data.rows[0]).toMatchObject({ title: 'Notice 20', content: 'Content 20', type: 1, read: false });
      expect(Date.parse(data.rows[0].createTime)).toBeGreaterThan(Date.parse(data.rows[1].createTime));

      const second = (await page(token, 'index=2&type=1&read=')).json().data;
      expect(second.rows.map((r: { title: string }) => r.title)).toEqual([
        'Notice 5',
        'Notice 4',
        'Notice 3',
        'Notice 2',
        'Notice 1',
      ]);
      expect((await page(token, 'index=3&type=1')).json().data).toEqual({ rows: [], total: 20 });
      // index defaults to 1
      expect((await page(token, 'type=1')).json().data.rows).toHaveLength(NOTICE_PAGE_SIZE);
    });

    it("holds only the caller's own notices of the acting tenant", async () => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const me = await makeUser(t, a.id);
      const colleague = await makeUser(t, a.id);
      const foreigner = await makeUser(t, b.id);
      await seedNotices(me, 2);
      await seedNotices(colleague, 3);
      await seedNotices(foreigner, 4);
      const token = await login(t.app, me.account, me.password);
      const data = (await page(token, 'index=1&type=1')).json().data;
      expect(data.total).toBe(2);

      // A platform administrator acting in tenant B sees their own notices there: none.
      const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const asAdmin = (await page(admin, 'index=1&type=1', { 'tenant-id': String(b.id) })).json().data;
      expect(asAdmin).toEqual({ rows: [], total: 0 });
      // A user of tenant A cannot look into tenant B with the header.
      const res = await page(token, 'index=1&type=1', { 'tenant-id': String(b.id), lang: 'en-US' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(translate('en-US', 'errors.tenantForbidden'));
    });

    it('filters by type and by read state', async () => {
      const user = await makeUser(t, 1);
      await seedNotices(user, 3);
      await seedNotices(user, 2, 1, 2);
      const token = await login(t.app, user.account, user.password);
      const all = (await page(token, 'index=1&type=1')).json().data;
      expect(all.total).toBe(3);
      expect((await page(token, 'index=1&type=2')).json().data.total).toBe(2);

      const res = await t.app.inject({
        method: 'POST',
        url: READ,
        headers: as(token),
        payload: { noticeIds: [all.rows[0].noticeId] },
      });
      expect(res.json()).toEqual({ code: 200, message: 'success', data: { count: 1 } });
      expect((await page(token, 'index=1&type=1&read=1')).json().data.total).toBe(1);
      expect((await page(token, 'index=1&type=1&read=0')).json().data.total).toBe(2);
      expect((await page(token, 'index=1&type=1&read=')).json().data.total).toBe(3);
    });

    it('refuses a bad query with 422', async () => {
      const user = await makeUser(t, 1);
      const token = await login(t.app, user.account, user.password);
      for (const q of ['index=0', 'index=abc', 'read=yes']) {
        const res = await page(token, q, { lang: 'zh-TW' });
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(translate('zh-TW', 'errors.validation'));
        expect(res.json().errors[0].message).toBe(translate('zh-TW', 'validation.invalid'));
      }
    });
  });

  describe('mark read', () => {
    it("marks only the caller's own notices", async () => {
      const me = await makeUser(t, 1);
      const other = await makeUser(t, 1);
      await seedNotices(me, 1);
      await seedNotices(other, 1);
      const [mine] = await t.db.select().from(notices).where(eq(notices.userId, me.id));
      const [theirs] = await t.db.select().from(notices).where(eq(notices.userId, other.id));
      const token = await login(t.app, me.account, me.password);
      const res = await t.app.inject({
        method: 'POST',
        url: READ,
        headers: as(token),
        payload: { noticeIds: [mine!.id, theirs!.id] },
      });
      expect(res.json().data.count).toBe(1);
      const [after] = await t.db.select().from(notices).where(eq(notices.id, theirs!.id));
      expect(after!.read).toBe(false);
    });

    it("marks all of the caller's unread notices read, nobody else's, and says how many", async () => {
      const tenant = await makeTenant(t);
      const me = await makeUser(t, tenant.id);
      const other = await makeUser(t, tenant.id);
      await seedNotices(me, 4);
      await seedNotices(me, 1, tenant.id, 2);
      await seedNotices(other, 2);
      const token = await login(t.app, me.account, me.password);
      const readAll = () => t.app.inject({ method: 'POST', url: READ_ALL, headers: as(token), payload: {} });

      const res = await readAll();
      expect(res.statusCode).toBe(200);
      expect(res.json().data.count).toBe(4);
      expect((await page(token, 'index=1&type=1&read=0')).json().data.total).toBe(0);
      expect((await page(token, 'index=1&type=2&read=0')).json().data.total).toBe(1);
      const theirs = await t.db.select().from(notices).where(eq(notices.userId, other.id));
      expect(theirs.map((n) => n.read)).toEqual([false, false]);
      expect((await readAll()).json().data.count).toBe(0);
    });

    it('refuses a bad body with 422 and changes nothing', async () => {
      const me = await makeUser(t, 1);
      await seedNotices(me, 1);
      const token = await login(t.app, me.account, me.password);
      const res = await t.app.inject({ method: 'POST', url: READ_ALL, headers: as(token), payload: { type: 'all' } });
      expect(res.statusCode).toBe(422);
      const mine = await t.db.select().from(notices).where(eq(notices.userId, me.id));
      expect(mine.map((n) => n.read)).toEqual([false]);
    });
  });

  describe('publish', () => {
    const publish = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: PUBLISH, headers: as(token, headers), payload });

    it('writes one notice per recipient of the tenant', async () => {
      const tenant = await makeTenant(t);
      const sender = await makeUser(t, tenant.id, { grants: [PUBLISH_GRANT] });
      const a = await makeUser(t, tenant.id);
      const b = await makeUser(t, tenant.id);
      const token = await login(t.app, sender.account, sender.password);
      const res = await publish(token, { title: 'Drill', content: 'Fire drill at 10:00', userIds: [a.id, b.id, a.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ count: 2 });
      const tokenA = await login(t.app, a.account, a.password);
      const rows = (await page(tokenA, 'index=1&type=1')).json().data.rows;
      expect(rows).toEqual([expect.objectContaining({ title: 'Drill', content: 'Fire drill at 10:00', read: false })]);
    });

    it('sends to every user of the tenant when no userIds are given', async () => {
      const tenant = await makeTenant(t);
      const sender = await makeUser(t, tenant.id, { grants: [PUBLISH_GRANT] });
      await makeUser(t, tenant.id);
      await makeUser(t, tenant.id);
      const outsider = await makeUser(t, 1);
      const token = await login(t.app, sender.account, sender.password);
      const res = await publish(token, { title: 'All', content: 'Everyone' });
      expect(res.json().data).toEqual({ count: 3 });
      const outsiderRows = await t.db.select().from(notices).where(eq(notices.userId, outsider.id));
      expect(outsiderRows).toEqual([]);
    });

    it("refuses another tenant's user id with 404 and writes nothing", async () => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const sender = await makeUser(t, a.id, { grants: [PUBLISH_GRANT] });
      const colleague = await makeUser(t, a.id);
      const foreigner = await makeUser(t, b.id);
      const token = await login(t.app, sender.account, sender.password);
      const before = await t.db.select().from(notices);
      for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
        const res = await publish(token, { title: 'x', content: 'y', userIds: [colleague.id, foreigner.id] }, { lang });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 404, message: translate(lang, 'errors.notFound'), data: null });
      }
      expect(await t.db.select().from(notices)).toEqual(before);
    });

    it('needs the grant: 403 for a role without it', async () => {
      const tenant = await makeTenant(t);
      const user = await makeUser(t, tenant.id, { grants: [`GET ${PAGE}`], menus: ['home'] });
      const token = await login(t.app, user.account, user.password);
      for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
        const res = await publish(token, { title: 'x', content: 'y' }, { lang });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 403, message: translate(lang, 'errors.forbidden'), data: null });
      }
      expect(await t.db.select().from(notices).where(eq(notices.tenantId, tenant.id))).toEqual([]);
    });

    it('lets a platform administrator publish into another tenant with the tenant-id header', async () => {
      const tenant = await makeTenant(t);
      const member = await makeUser(t, tenant.id);
      const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
      // Without the header the user id is not in the admin's own tenant.
      expect((await publish(admin, { title: 't', content: 'c', userIds: [member.id] })).statusCode).toBe(404);
      const res = await publish(
        admin,
        { title: 't', content: 'c', userIds: [member.id] },
        { 'tenant-id': String(tenant.id) },
      );
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(notices).where(eq(notices.userId, member.id));
      expect(row).toMatchObject({ tenantId: tenant.id, title: 't' });
    });

    it('validates the body with the contract (422, localised)', async () => {
      const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const res = await publish(admin, { title: '  ', content: '', userIds: [0] }, { lang: 'en-US' });
      expect(res.statusCode).toBe(422);
      const paths = res.json().errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(['title', 'content', 'userIds.0']);
      expect(res.json().errors[0].message).toBe(translate('en-US', 'validation.required'));
    });
  });
});
