import { NOTICE_PAGE_SIZE, type Notice, type Page, type PublishNoticeRequest } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { RealtimeHub } from '../../platform/hub.js';
import { existingUserIds } from '../users/users.shared.js';
import { insertNotices, markAllRead, markRead, pageOfRecipient, type NoticeRow } from './notices.repository.js';

/** Type 1: a system notice (socket message type "1"). */
export const SYSTEM_NOTICE_TYPE = 1;

const toNotice = (row: NoticeRow): Notice => ({
  noticeId: row.id,
  title: row.title,
  content: row.content,
  type: row.type,
  read: row.read,
  createTime: row.createdAt.toISOString(),
});

export function createNoticesService(ctx: AppContext, hub: RealtimeHub) {
  const { db } = ctx;

  /** The caller's own notices in the acting tenant, 15 a page, newest first. */
  async function myPage(
    caller: AuthContext,
    query: { index: number; type: number; read?: boolean },
  ): Promise<Page<Notice>> {
    const page = await pageOfRecipient(db, caller.tenantId, caller.userId, {
      type: query.type,
      read: query.read,
      offset: (query.index - 1) * NOTICE_PAGE_SIZE,
      limit: NOTICE_PAGE_SIZE,
    });
    return { rows: page.rows.map(toNotice), total: page.total };
  }

  /**
   * Writes one notice per recipient and pushes it to their open consoles. Recipients must all be
   * users of the acting tenant (404 and nothing written otherwise); none given means all of them.
   */
  async function publish(caller: AuthContext, input: PublishNoticeRequest): Promise<{ count: number }> {
    const wanted = input.userIds ? [...new Set(input.userIds)] : undefined;
    const recipients = await existingUserIds(db, caller.tenantId, wanted);
    if (wanted && recipients.length !== wanted.length) throw notFound();
    const createdAt = new Date();
    const count = await insertNotices(
      db,
      caller.tenantId,
      recipients.map((userId) => ({
        userId,
        title: input.title,
        content: input.content,
        type: SYSTEM_NOTICE_TYPE,
        createdAt,
      })),
    );
    if (recipients.length > 0) {
      await hub.sendToUsers(recipients, { type: '1', data: { title: input.title, content: input.content } });
    }
    return { count };
  }

  /**
   * A system notice from the console itself (an escalated alarm) to users of a tenant, pushed to
   * their open consoles like a published one.
   */
  async function notify(tenantId: number, userIds: number[], notice: { title: string; content: string }) {
    const recipients = [...new Set(userIds)];
    if (recipients.length === 0) return;
    const title = notice.title.slice(0, 100);
    const createdAt = new Date();
    await insertNotices(
      db,
      tenantId,
      recipients.map((userId) => ({ userId, title, content: notice.content, type: SYSTEM_NOTICE_TYPE, createdAt })),
    );
    await hub.sendToUsers(recipients, { type: '1', data: { title, content: notice.content } });
  }

  async function markMineRead(caller: AuthContext, noticeIds: number[]): Promise<{ count: number }> {
    return { count: await markRead(db, caller.tenantId, caller.userId, noticeIds) };
  }

  /** Every unread notice of the caller in the acting tenant (of one type), read at once. */
  async function markAllMineRead(caller: AuthContext, type: number): Promise<{ count: number }> {
    return { count: await markAllRead(db, caller.tenantId, caller.userId, type) };
  }

  return { myPage, publish, notify, markMineRead, markAllMineRead };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
