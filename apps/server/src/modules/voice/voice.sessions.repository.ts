import type { SortRequest } from '@patrol/contracts';
import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { voiceSessions } from './voice.tables.js';

export type VoiceSessionRow = typeof voiceSessions.$inferSelect;
type Window = { offset: number; limit: number };

/** How long an unbound session and a silent heartbeat may last before the session is over. */
export type Staleness = { offerMs: number; heartbeatMs: number };

/**
 * A session is bound to a console socket once its heartbeat moved past its start (both are the
 * same instant at insertion); it is stale when it was never bound within `offerMs`, or its
 * heartbeat is older than `heartbeatMs`.
 */
const stale = (limits: Staleness): SQL =>
  sql`((${voiceSessions.heartbeatAt} = ${voiceSessions.startedAt} and ${voiceSessions.startedAt} < now() - make_interval(secs => ${limits.offerMs / 1000}))
    or ${voiceSessions.heartbeatAt} < now() - make_interval(secs => ${limits.heartbeatMs / 1000}))`;

/**
 * Opens a session; undefined when the robot has an open one already (the partial unique index on
 * open sessions decides between simultaneous starts, on any instance).
 */
export async function insertSession(
  db: DbOrTx,
  row: Omit<typeof voiceSessions.$inferInsert, 'startedAt' | 'heartbeatAt' | 'endedAt' | 'endReason' | 'connectedAt'>,
): Promise<VoiceSessionRow | undefined> {
  const [inserted] = await db.insert(voiceSessions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The open session on a robot of the tenant, with whether it is stale. */
export async function openSessionOfRobot(db: DbOrTx, tenantId: number, robotId: number, limits: Staleness) {
  const [row] = await db
    .select({ session: voiceSessions, stale: sql<boolean>`${stale(limits)}` })
    .from(voiceSessions)
    .where(inTenant(voiceSessions, tenantId, eq(voiceSessions.robotId, robotId), isNull(voiceSessions.endedAt)))
    .limit(1);
  return row;
}

/** A session of the tenant by id. */
export async function findSession(db: DbOrTx, tenantId: number, sessionId: string) {
  const [row] = await db
    .select()
    .from(voiceSessions)
    .where(inTenant(voiceSessions, tenantId, eq(voiceSessions.id, sessionId)))
    .limit(1);
  return row;
}

/**
 * A session of a user by id, in whichever tenant it was started: the console socket acts in no
 * tenant, and a session is its operator's alone.
 */
export async function findSessionOfUser(db: DbOrTx, userId: number, sessionId: string) {
  const [row] = await db
    .select()
    .from(voiceSessions)
    .where(and(eq(voiceSessions.id, sessionId), eq(voiceSessions.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Binds an open, unbound session of the user to a console socket: its heartbeat moves past its
 * start. Undefined when the session is not the user's, is over, or is bound already.
 */
export async function bindSession(db: DbOrTx, userId: number, sessionId: string) {
  const [row] = await db
    .update(voiceSessions)
    .set({ heartbeatAt: sql`greatest(now(), ${voiceSessions.startedAt} + interval '1 millisecond')` })
    .where(
      and(
        eq(voiceSessions.id, sessionId),
        eq(voiceSessions.userId, userId),
        isNull(voiceSessions.endedAt),
        sql`${voiceSessions.heartbeatAt} = ${voiceSessions.startedAt}`,
      ),
    )
    .returning();
  return row;
}

/** Marks when the robot's audio connected (the first time); the open session, or undefined. */
export async function markConnected(db: DbOrTx, tenantId: number, sessionId: string) {
  const [row] = await db
    .update(voiceSessions)
    .set({ connectedAt: sql`coalesce(${voiceSessions.connectedAt}, now())` })
    .where(inTenant(voiceSessions, tenantId, eq(voiceSessions.id, sessionId), isNull(voiceSessions.endedAt)))
    .returning();
  return row;
}

/** Refreshes the heartbeat of open sessions (those bound to an instance's sockets). */
export async function refreshHeartbeats(db: DbOrTx, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(voiceSessions)
    .set({ heartbeatAt: sql`greatest(now(), ${voiceSessions.startedAt} + interval '1 millisecond')` })
    .where(and(inArray(voiceSessions.id, sessionIds), isNull(voiceSessions.endedAt)));
}

/**
 * Ends an open session of the tenant; undefined when it was over already (the one UPDATE that
 * finds it open decides, whichever instance runs it). `onlyUnbound`: only if never bound.
 */
export async function endSession(
  db: DbOrTx,
  tenantId: number,
  sessionId: string,
  reason: string,
  options: { onlyUnbound?: boolean } = {},
) {
  const [row] = await db
    .update(voiceSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      inTenant(
        voiceSessions,
        tenantId,
        eq(voiceSessions.id, sessionId),
        isNull(voiceSessions.endedAt),
        options.onlyUnbound ? sql`${voiceSessions.heartbeatAt} = ${voiceSessions.startedAt}` : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Ends every stale open session, in every tenant (the instance that held it stopped, or its
 * console never sent the offer); answers those it ended. Run by every instance's sweep: each
 * session is ended by one of them.
 */
export async function endStaleSessions(db: DbOrTx, limits: Staleness, reason: string) {
  return db
    .update(voiceSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(isNull(voiceSessions.endedAt), stale(limits)))
    .returning();
}

const ANNOUNCEMENT_SORT = { startTime: voiceSessions.startedAt };

/** The tenant's announcements (only `robotIds` when given), newest first unless sorted. */
export async function pageSessions(
  db: DbOrTx,
  tenantId: number,
  filter: {
    robotId?: number | undefined;
    robotIds?: number[] | undefined;
    startTime?: Date | undefined;
    endTime?: Date | undefined;
  } & SortRequest<keyof typeof ANNOUNCEMENT_SORT>,
  window: Window,
) {
  if (filter.robotIds && filter.robotIds.length === 0) return { rows: [], total: 0 };
  const where = inTenant(
    voiceSessions,
    tenantId,
    filter.robotId ? eq(voiceSessions.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(voiceSessions.robotId, filter.robotIds) : undefined,
    filter.startTime ? gte(voiceSessions.startedAt, filter.startTime) : undefined,
    filter.endTime ? lte(voiceSessions.startedAt, filter.endTime) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(voiceSessions)
      .where(where)
      .orderBy(
        ...orderOf(filter, ANNOUNCEMENT_SORT, voiceSessions.id, [
          desc(voiceSessions.startedAt),
          desc(voiceSessions.id),
        ]),
      )
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(voiceSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
