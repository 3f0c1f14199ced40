import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { notices } from './notices.tables.js';

export type NoticeRow = typeof notices.$inferSelect;

export async function insertNotices(
  db: DbOrTx,
  tenantId: number,
  items: { userId: number; title: string; content: string; type: number; createdAt: Date }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await db
    .insert(notices)
    .values(items.map((item) => ({ ...item, tenantId })))
    .returning({ id: notices.id });
  return rows.length;
}

/** One page of a user's notices in a tenant, newest first, with the total. */
export async function pageOfRecipient(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  filter: { type: number; read?: boolean; offset: number; limit: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = inTenant(
    notices,
    tenantId,
    eq(notices.userId, userId),
    eq(notices.type, filter.type),
    filter.read === undefined ? undefined : eq(notices.read, filter.read),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks every unread notice of one type of a user in a tenant read. Returns how many changed. */
export async function markAllRead(db: DbOrTx, tenantId: number, userId: number, type: number): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ read: true })
    .where(inTenant(notices, tenantId, eq(notices.userId, userId), eq(notices.type, type), eq(notices.read, false)))
    .returning({ id: notices.id });
  return rows.length;
}

/** Marks a user's own unread notices read; ids of others' notices change nothing. Returns how many changed. */
export async function markRead(db: DbOrTx, tenantId: number, userId: number, noticeIds: number[]): Promise<number> {
  if (noticeIds.length === 0) return 0;
  const rows = await db
    .update(notices)
    .set({ read: true })
    .where(
      inTenant(
        notices,
        tenantId,
        and(eq(notices.userId, userId), inArray(notices.id, noticeIds), eq(notices.read, false)),
      ),
    )
    .returning({ id: notices.id });
  return rows.length;
}
