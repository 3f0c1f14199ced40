import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { REPLY_CODES, type CommandReplySortColumn, type CommandSortColumn, type SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { commandRecords, commandReplies } from './commands.tables.js';

export type CommandRecordRow = typeof commandRecords.$inferSelect;
export type CommandReplyDbRow = typeof commandReplies.$inferSelect;

type Window = { offset: number; limit: number };
type TimeRange = { startTime?: Date | undefined; endTime?: Date | undefined };

export async function insertCommandRecord(db: DbOrTx, row: typeof commandRecords.$inferInsert) {
  const [inserted] = await db.insert(commandRecords).values(row).returning();
  return inserted!;
}

/** A command by its wire id, in any tenant: replies arrive from the broker, which knows no tenant. */
export async function findCommandByWireId(db: DbOrTx, commandId: string) {
  const [row] = await db.select().from(commandRecords).where(eq(commandRecords.commandId, commandId)).limit(1);
  return row;
}

/** The tenant's commands sent for these alarms, oldest first. */
export async function listCommandsByAlarmIds(db: DbOrTx, tenantId: number, alarmIds: number[]) {
  if (alarmIds.length === 0) return [];
  return db
    .select()
    .from(commandRecords)
    .where(inTenant(commandRecords, tenantId, inArray(commandRecords.alarmId, alarmIds)))
    .orderBy(commandRecords.publishedAt, commandRecords.id);
}

/** The tenant's commands to a robot published in [from, to], oldest first (at most 500). */
export async function listCommandsOfRobotBetween(db: DbOrTx, tenantId: number, robotId: number, from: Date, to: Date) {
  return db
    .select()
    .from(commandRecords)
    .where(
      inTenant(
        commandRecords,
        tenantId,
        eq(commandRecords.robotId, robotId),
        gte(commandRecords.publishedAt, from),
        lte(commandRecords.publishedAt, to),
      ),
    )
    .orderBy(commandRecords.publishedAt, commandRecords.id)
    .limit(500);
}

export async function findCommandRecord(db: DbOrTx, tenantId: number, recordId: number) {
  const [row] = await db
    .select()
    .from(commandRecords)
    .where(inTenant(commandRecords, tenantId, eq(commandRecords.id, recordId)))
    .limit(1);
  return row;
}

/**
 * Applies a robot's reply to its command. Only moves forward: a sync answer settles a command that
 * was only sent (the first one counts: a repeated answer to a re-sent command changes nothing); an
 * async answer settles one that was sent or acknowledged. A robot that says the command reached it
 * expired (sync 1) leaves it expired rather than refused.
 */
export async function applyReply(
  db: DbOrTx,
  id: number,
  reply: { phase: 'sync' | 'async'; code: number; message: string | null; at: Date },
) {
  const ok = reply.code === 0;
  const [row] =
    reply.phase === 'sync'
      ? await db
          .update(commandRecords)
          .set({
            syncCode: reply.code,
            ackAt: reply.at,
            status: ok ? 'acknowledged' : reply.code === REPLY_CODES.expired ? 'expired' : 'refused',
            message: sql`coalesce(${reply.message}, ${commandRecords.message})`,
          })
          .where(and(eq(commandRecords.id, id), eq(commandRecords.status, 'sent')))
          .returning()
      : await db
          .update(commandRecords)
          .set({
            asyncCode: reply.code,
            doneAt: reply.at,
            status: sql`case when ${commandRecords.status} in ('sent', 'acknowledged') then ${ok ? 'done' : 'failed'} else ${commandRecords.status} end`,
            message: sql`coalesce(${reply.message}, ${commandRecords.message})`,
          })
          .where(eq(commandRecords.id, id))
          .returning();
  return row;
}

/**
 * Commands still waiting for an answer (sent, or acknowledged without a result), published before a
 * time: those whose answers may have been lost while the server was away from its broker. Only
 * `ids` when given.
 */
export async function listUnfinishedCommands(db: DbOrTx, before: Date, ids?: number[]) {
  if (ids?.length === 0) return [];
  return db
    .select()
    .from(commandRecords)
    .where(
      and(
        inArray(commandRecords.status, ['sent', 'acknowledged']),
        lt(commandRecords.publishedAt, before),
        ids ? inArray(commandRecords.id, ids) : undefined,
      ),
    )
    .orderBy(commandRecords.publishedAt, commandRecords.id);
}

export async function markCommandFailed(db: DbOrTx, id: number, message: string) {
  const [row] = await db
    .update(commandRecords)
    .set({ status: 'failed', message, doneAt: new Date() })
    .where(eq(commandRecords.id, id))
    .returning();
  return row;
}

/**
 * Commands still unanswered past their expiry become expired, and commands the robot accepted but
 * sent no result for since `resultSince` become noResult; each instance may run this, once wins.
 * With `publishedSince`, only commands published from then on (older ones are being re-sent).
 */
export async function expireCommands(db: DbOrTx, now: Date, resultSince: Date, publishedSince?: Date) {
  const recent = publishedSince ? gte(commandRecords.publishedAt, publishedSince) : undefined;
  const expired = await db
    .update(commandRecords)
    .set({ status: 'expired', doneAt: now })
    .where(and(eq(commandRecords.status, 'sent'), lt(commandRecords.expiresAt, now), recent))
    .returning();
  const unfinished = await db
    .update(commandRecords)
    .set({ status: 'noResult', doneAt: now })
    .where(and(eq(commandRecords.status, 'acknowledged'), lt(commandRecords.ackAt, resultSince), recent))
    .returning();
  return [...expired, ...unfinished];
}

function timeRange(column: typeof commandRecords.publishedAt | typeof commandReplies.receivedAt, range: TimeRange) {
  return [
    range.startTime ? gte(column, range.startTime) : undefined,
    range.endTime ? lte(column, range.endTime) : undefined,
  ];
}

const COMMAND_SORT = { publishTime: commandRecords.publishedAt, operatorName: commandRecords.operatorName };
const REPLY_SORT = { receiveTime: commandReplies.receivedAt };

/** A tenant's dispatch records, newest first unless sorted by a column. */
export async function pageCommandRecords(
  db: DbOrTx,
  tenantId: number,
  filter: TimeRange & {
    robotId?: number | undefined;
    /** Only these robots (the caller's scope); all when absent. */
    robotIds?: number[] | undefined;
    name?: string | undefined;
    status?: string | undefined;
    keyword?: string | undefined;
  } & SortRequest<CommandSortColumn>,
  window: Window,
) {
  const conditions: (SQL | undefined)[] = [
    filter.robotId ? eq(commandRecords.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(commandRecords.robotId, filter.robotIds) : undefined,
    filter.name ? eq(commandRecords.name, filter.name) : undefined,
    filter.status ? eq(commandRecords.status, filter.status) : undefined,
    filter.keyword
      ? or(
          ilike(commandRecords.commandId, likePattern(filter.keyword)),
          ilike(commandRecords.robotName, likePattern(filter.keyword)),
          ilike(commandRecords.serialNumber, likePattern(filter.keyword)),
          ilike(commandRecords.operatorName, likePattern(filter.keyword)),
        )
      : undefined,
    ...timeRange(commandRecords.publishedAt, filter),
  ];
  const where = inTenant(commandRecords, tenantId, ...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(commandRecords)
      .where(where)
      .orderBy(
        ...orderOf(filter, COMMAND_SORT, commandRecords.id, [
          desc(commandRecords.publishedAt),
          desc(commandRecords.id),
        ]),
      )
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(commandRecords).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertCommandReply(db: DbOrTx, row: typeof commandReplies.$inferInsert) {
  const [inserted] = await db.insert(commandReplies).values(row).returning();
  return inserted!;
}

/** A tenant's reply records, newest first unless sorted by a column. */
export async function pageCommandReplies(
  db: DbOrTx,
  tenantId: number,
  filter: TimeRange & {
    robotId?: number | undefined;
    robotIds?: number[] | undefined;
    phase?: string | undefined;
    keyword?: string | undefined;
  } & SortRequest<CommandReplySortColumn>,
  window: Window,
) {
  const where = inTenant(
    commandReplies,
    tenantId,
    filter.robotId ? eq(commandReplies.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(commandReplies.robotId, filter.robotIds) : undefined,
    filter.phase ? eq(commandReplies.phase, filter.phase) : undefined,
    filter.keyword
      ? or(
          ilike(commandReplies.commandId, likePattern(filter.keyword)),
          ilike(commandReplies.robotName, likePattern(filter.keyword)),
          ilike(commandReplies.serialNumber, likePattern(filter.keyword)),
        )
      : undefined,
    ...timeRange(commandReplies.receivedAt, filter),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(commandReplies)
      .where(where)
      .orderBy(
        ...orderOf(filter, REPLY_SORT, commandReplies.id, [desc(commandReplies.receivedAt), desc(commandReplies.id)]),
      )
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(commandReplies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The commands a tenant sent a robot between two times (both included), oldest first. */
export async function commandsOfRobotBetween(db: DbOrTx, tenantId: number, robotId: number, from: Date, to: Date) {
  return db
    .select({ id: commandRecords.id, publishedAt: commandRecords.publishedAt, name: commandRecords.name })
    .from(commandRecords)
    .where(
      inTenant(
        commandRecords,
        tenantId,
        eq(commandRecords.robotId, robotId),
        gte(commandRecords.publishedAt, from),
        lte(commandRecords.publishedAt, to),
      ),
    )
    .orderBy(asc(commandRecords.publishedAt), asc(commandRecords.id))
    .limit(1000);
}
