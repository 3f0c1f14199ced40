import { eq } from 'drizzle-orm';
import { insertNotices } from './notices.repository.js';
import { notices } from './notices.tables.js';
import type { IsolationArea } from '../../../test/isolation.js';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    await insertNotices(t.db, tenant.tenantId, [
      {
        userId: tenant.admin.id,
        title: `Notice ${tenant.marker}`,
        content: tenant.marker,
        type: 1,
        createdAt: new Date(),
      },
    ]);
    const [row] = await t.db.select({ id: notices.id }).from(notices).where(eq(notices.tenantId, tenant.tenantId));
    tenant.ids.notice = row!.id;
  },
  cases: [
    {
      resource: 'GET /api/notice-server/notice/my/page',
      ownData: true,
      request: () => ({ url: '/api/notice-server/notice/my/page', query: { index: '1', type: '1', read: '' } }),
    },
    {
      resource: 'POST /api/notice-server/notice/publish',
      request: ({ b }) => ({
        url: '/api/notice-server/notice/publish',
        payload: { title: 'x', content: 'y', userIds: [b.admin.id] },
      }),
    },
    // Marking read ignores ids of others' notices (answers count 0); the walk proves nothing changes.
    {
      resource: 'POST /api/notice-server/notice/read',
      ownData: true,
      request: ({ b }) => ({ url: '/api/notice-server/notice/read', payload: { noticeIds: [b.ids.notice] } }),
    },
    // Marking all read touches only the caller's own notices in the acting tenant.
    {
      resource: 'POST /api/notice-server/notice/read/all',
      ownData: true,
      request: () => ({ url: '/api/notice-server/notice/read/all', payload: { type: 1 } }),
    },
  ],
};
