import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AlarmSortColumn, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { tenants } from '../tenants/tenants.tables.js';
import { alarmDays, alarmMutes, alarmOperations, alarms } from './alarms.tables.js';

export type AlarmDbRow = typeof alarms.$inferSelect;
export type AlarmOperationDbRow = typeof alarmOperations.$inferSelect;
type Operator = { id: number | null; name: string | null };

/**
 * Inserts an alarm unless the robot's message id is already kept; undefined when it was. In the
 * same transaction a kept alarm counts once on its day of the tenant's clock (`alarm_days`); a
 * repeat, which inserts nothing, counts nothing.
 */
export async function insertAlarmOnce(db: DbOrTx, row: typeof alarms.$inferInsert): Promise<AlarmDbRow | undefined> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(alarms)
      .values(row)
      .onConflictDoNothing({ target: [alarms.robotId, alarms.messageId] })
      .returning();
    if (inserted) await countOnItsDay(tx, inserted.id);
    return inserted;
  });
}

/** Adds a stored alarm to its tenant, robot, kind and day in the tenant's zone (`alarm_days`). */
async function countOnItsDay(tx: DbOrTx, alarmId: number) {
  await tx.execute(
    sql`insert into ${alarmDays} (tenant_id, robot_id, kind, day, count)
        select a.tenant_id, a.robot_id, a.kind, (a.reported_at at time zone t.time_zone)::date, 1
          from ${alarms} a join ${tenants} t on t.id = a.tenant_id
         where a.id = ${alarmId}
        on conflict (tenant_id, day, robot_id, kind) do update set count = alarm_days.count + 1`,
  );
}

/** A tenant's alarm counts of a robot by day and kind (`alarm_days`), oldest day first. */
export async function alarmDaysOfRobot(db: DbOrTx, tenantId: number, robotId: number) {
  return db
    .select({ day: alarmDays.day, kind: alarmDays.kind, count: alarmDays.count })
    .from(alarmDays)
    .where(inTenant(alarmDays, tenantId, eq(alarmDays.robotId, robotId)))
    .orderBy(asc(alarmDays.day), asc(alarmDays.kind));
}

export async function setAlarmImage(db: DbOrTx, tenantId: number, alarmId: number, imageKey: string) {
  const [row] = await db
    .update(alarms)
    .set({ imageKey })
    .where(inTenant(alarms, tenantId, eq(alarms.id, alarmId)))
    .returning();
  return row;
}

export async function findAlarm(db: DbOrTx, tenantId: number, alarmId: number) {
  const [row] = await db
    .select()
    .from(alarms)
    .where(inTenant(alarms, tenantId, eq(alarms.id, alarmId)))
    .limit(1);
  return row;
}

/** The robot's alarm reported at this instant, one of `kind` first, the latest kept first. */
export async function findAlarmByReport(db: DbOrTx, tenantId: number, robotId: number, reportedAt: Date, kind: string) {
  const [row] = await db
    .select()
    .from(alarms)
    .where(inTenant(alarms, tenantId, eq(alarms.robotId, robotId), eq(alarms.reportedAt, reportedAt)))
    .orderBy(desc(sql`${alarms.kind} = ${kind}`), desc(alarms.id))
    .limit(1);
  return row;
}

const ALARM_SORT = { reportTime: alarms.reportedAt, receiveTime: alarms.receivedAt };

export type AlarmFilter = {
  robotId?: number | undefined;
  /** Only these robots (the caller's scope); all when absent. */
  robotIds?: number[] | undefined;
  kind?: string | undefined;
  status?: string | undefined;
  escalated?: 'true' | 'false' | undefined;
  /** 'allowed', 'rejected' or 'pending' (undecided). */
  decision?: string | undefined;
  keyword?: string | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
} & SortRequest<AlarmSortColumn>;

/** A tenant's alarms, the latest reported first unless sorted by a column. */
export async function pageAlarms(
  db: DbOrTx,
  tenantId: number,
  filter: AlarmFilter,
  window: { offset: number; limit: number },
) {
  const conditions: (SQL | undefined)[] = [
    filter.robotId ? eq(alarms.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(alarms.robotId, filter.robotIds) : undefined,
    filter.kind ? eq(alarms.kind, filter.kind) : undefined,
    filter.status ? eq(alarms.status, filter.status) : undefined,
    filter.escalated === 'true' ? isNotNull(alarms.escalatedAt) : undefined,
    filter.escalated === 'false' ? isNull(alarms.escalatedAt) : undefined,
    filter.decision === 'pending' ? isNull(alarms.gunDecision) : undefined,
    filter.decision && filter.decision !== 'pending' ? eq(alarms.gunDecision, filter.decision) : undefined,
    filter.keyword
      ? or(
          ilike(alarms.messageId, likePattern(filter.keyword)),
          ilike(alarms.robotName, likePattern(filter.keyword)),
          ilike(alarms.serialNumber, likePattern(filter.keyword)),
          ilike(alarms.code, likePattern(filter.keyword)),
          ilike(alarms.msg, likePattern(filter.keyword)),
          ilike(alarms.taskId, likePattern(filter.keyword)),
        )
      : undefined,
    filter.startTime ? gte(alarms.reportedAt, filter.startTime) : undefined,
    filter.endTime ? lte(alarms.reportedAt, filter.endTime) : undefined,
  ];
  const where = inTenant(alarms, tenantId, ...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(alarms)
      .where(where)
      .orderBy(...orderOf(filter, ALARM_SORT, alarms.id, [desc(alarms.reportedAt), desc(alarms.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(alarms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The tenant's alarms of a robot reported in [from, to], oldest first (at most 500). */
export async function listAlarmsOfRobotBetween(db: DbOrTx, tenantId: number, robotId: number, from: Date, to: Date) {
  return db
    .select()
    .from(alarms)
    .where(
      inTenant(alarms, tenantId, eq(alarms.robotId, robotId), gte(alarms.reportedAt, from), lte(alarms.reportedAt, to)),
    )
    .orderBy(alarms.reportedAt, alarms.id)
    .limit(500);
}

export async function listAlarmOperations(db: DbOrTx, tenantId: number, alarmId: number) {
  return db
    .select()
    .from(alarmOperations)
    .where(inTenant(alarmOperations, tenantId, eq(alarmOperations.alarmId, alarmId)))
    .orderBy(asc(alarmOperations.at), asc(alarmOperations.id));
}

export async function insertAlarmOperation(db: DbOrTx, row: typeof alarmOperations.$inferInsert) {
  const [inserted] = await db.insert(alarmOperations).values(row).returning();
  return inserted!;
}

/**
 * Applies an operation to an alarm still being disposed of: the latest operation, who handled it
 * first, and completion. Undefined when the alarm is complete (or not the tenant's).
 */
export async function applyAlarmOperation(
  db: DbOrTx,
  tenantId: number,
  alarmId: number,
  change: { operation: string; operator: Operator; at: Date; complete: boolean },
) {
  const [row] = await db
    .update(alarms)
    .set({
      operationType: change.operation,
      handledById: sql`coalesce(${alarms.handledById}, ${change.operator.id})`,
      handledByName: sql`coalesce(${alarms.handledByName}, ${change.operator.name})`,
      handledAt: sql`coalesce(${alarms.handledAt}, ${change.at.toISOString()}::timestamptz)`,
      ...(change.complete ? { status: 'complete', completedAt: change.at } : {}),
    })
    .where(inTenant(alarms, tenantId, eq(alarms.id, alarmId), eq(alarms.status, 'disposing')))
    .returning();
  return row;
}

/**
 * Takes a gun alarm's decision if nobody has: one statement, so of two operators deciding at the
 * same instant (on any instance) exactly one gets the row. Undefined for the other.
 */
export async function claimGunDecision(
  db: DbOrTx,
  tenantId: number,
  alarmId: number,
  decision: string,
  operator: Operator,
  at: Date,
) {
  const [row] = await db
    .update(alarms)
    .set({ gunDecision: decision, gunDecidedById: operator.id, gunDecidedByName: operator.name, gunDecidedAt: at })
    .where(
      inTenant(
        alarms,
        tenantId,
        eq(alarms.id, alarmId),
        eq(alarms.kind, 'gun'),
        eq(alarms.status, 'disposing'),
        isNull(alarms.gunDecision),
      ),
    )
    .returning();
  return row;
}

/** Gives back a decision whose command could not be sent (the robot went offline). */
export async function releaseGunDecision(db: DbOrTx, tenantId: number, alarmId: number, at: Date) {
  await db
    .update(alarms)
    .set({ gunDecision: null, gunDecidedById: null, gunDecidedByName: null, gunDecidedAt: null })
    .where(inTenant(alarms, tenantId, eq(alarms.id, alarmId), eq(alarms.gunDecidedAt, at)));
}

/**
 * Marks the alarms nobody handled since before `before` as escalated, in every tenant. Each
 * instance may run it; an alarm is marked (and returned) once.
 */
export async function escalateUnhandled(db: DbOrTx, before: Date, now: Date) {
  return db
    .update(alarms)
    .set({ escalatedAt: now })
    .where(
      and(
        isNull(alarms.escalatedAt),
        isNull(alarms.handledAt),
        eq(alarms.status, 'disposing'),
        lt(alarms.receivedAt, before),
      ),
    )
    .returning();
}

export async function findMute(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(alarmMutes).where(eq(alarmMutes.userId, userId)).limit(1);
  return row;
}

export async function saveMute(
  db: DbOrTx,
  userId: number,
  change: { warningMuteUntil: number } | { sentimentMuteUntil: number },
) {
  const [row] = await db
    .insert(alarmMutes)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: alarmMutes.userId, set: change })
    .returning();
  return row!;
}

/** The newest alarm of a kind nobody has handled yet, received since `since`, among these robots (null: all). */
export async function newestUnhandled(
  db: DbOrTx,
  tenantId: number,
  kind: string,
  since: Date,
  robotIds: number[] | null,
): Promise<AlarmDbRow | undefined> {
  const [row] = await db
    .select()
    .from(alarms)
    .where(
      inTenant(
        alarms,
        tenantId,
        eq(alarms.kind, kind),
        isNull(alarms.handledAt),
        eq(alarms.status, 'disposing'),
        gte(alarms.receivedAt, since),
        robotIds ? inArray(alarms.robotId, robotIds) : undefined,
      ),
    )
    .orderBy(desc(alarms.receivedAt), desc(alarms.id))
    .limit(1);
  return row;
}

/** A robot's alarms in a tenant that it saw between two times (both included), oldest first. */
export async function alarmsOfRobotBetween(db: DbOrTx, tenantId: number, robotId: number, from: Date, to: Date) {
  return db
    .select({ id: alarms.id, reportedAt: alarms.reportedAt, kind: alarms.kind, code: alarms.code, msg: alarms.msg })
    .from(alarms)
    .where(
      inTenant(alarms, tenantId, eq(alarms.robotId, robotId), gte(alarms.reportedAt, from), lte(alarms.reportedAt, to)),
    )
    .orderBy(asc(alarms.reportedAt), asc(alarms.id))
    .limit(1000);
}
