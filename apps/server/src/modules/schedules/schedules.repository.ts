import { and, asc, count, eq, ilike, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { ScheduleMethod, ScheduleOutcome, ScheduleSortColumn, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { robots } from '../robots/robots.tables.js';
import { tasks } from '../tasks/tasks.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { schedulerLeases, schedules } from './schedules.tables.js';

export type ScheduleDbRow = typeof schedules.$inferSelect;
/** A schedule with its task's name and status, its robot's name and its tenant's zone. */
export type ScheduleJoined = ScheduleDbRow & {
  taskName: string;
  taskStatus: number;
  robotName: string | null;
  tenantZone: string;
};
export type ScheduleValues = {
  taskId: number;
  robotId: number | null;
  priority: number;
  method: ScheduleMethod;
  times: number | null;
  timeOfDay: string | null;
  dates: string[];
  weekdays: number[];
  startDay: number | null;
  endDay: number | null;
  startMonth: number | null;
  endMonth: number | null;
};

const SCHEDULE_SORT = {
  priority: schedules.priority,
  nextRunTime: schedules.nextRunAt,
  updateTime: schedules.updatedAt,
};

const joined = {
  schedule: schedules,
  taskName: tasks.name,
  taskStatus: tasks.status,
  robotName: robots.name,
  tenantZone: tenants.timeZone,
};
type JoinedRow = {
  schedule: ScheduleDbRow;
  taskName: string;
  taskStatus: number;
  robotName: string | null;
  tenantZone: string;
};
const flatten = (r: JoinedRow): ScheduleJoined => ({
  ...r.schedule,
  taskName: r.taskName,
  taskStatus: r.taskStatus,
  robotName: r.robotName,
  tenantZone: r.tenantZone,
});

function selectJoined(db: DbOrTx) {
  return db
    .select(joined)
    .from(schedules)
    .innerJoin(tasks, eq(tasks.id, schedules.taskId))
    .innerJoin(tenants, eq(tenants.id, schedules.tenantId))
    .leftJoin(robots, eq(robots.id, schedules.robotId));
}

/** A tenant's schedules, by priority then next run unless sorted by a column; the keyword finds the task. */
export async function pageSchedules(
  db: DbOrTx,
  tenantId: number,
  filter: { keyword?: string | undefined; method?: ScheduleMethod | undefined; status?: number | undefined },
  sort: SortRequest<ScheduleSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    schedules,
    tenantId,
    filter.keyword ? ilike(tasks.name, likePattern(filter.keyword)) : undefined,
    filter.method ? eq(schedules.method, filter.method) : undefined,
    filter.status !== undefined ? eq(schedules.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectJoined(db)
      .where(where)
      .orderBy(
        ...orderOf(sort, SCHEDULE_SORT, schedules.id, [
          asc(schedules.priority),
          sql`${schedules.nextRunAt} asc nulls last`,
          asc(schedules.id),
        ]),
      )
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(schedules).innerJoin(tasks, eq(tasks.id, schedules.taskId)).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function findSchedule(db: DbOrTx, tenantId: number, id: number): Promise<ScheduleJoined | undefined> {
  const [row] = await selectJoined(db)
    .where(inTenant(schedules, tenantId, eq(schedules.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The zone a tenant's schedules are read in. */
export async function tenantZone(db: DbOrTx, tenantId: number): Promise<string | undefined> {
  const [row] = await db.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.zone;
}

/** The task of the tenant (its status), or none. */
export async function findTenantTask(db: DbOrTx, tenantId: number, taskId: number) {
  const [row] = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(inTenant(tasks, tenantId, eq(tasks.id, taskId)))
    .limit(1);
  return row;
}

export async function insertSchedule(
  db: DbOrTx,
  tenantId: number,
  values: ScheduleValues & { status: number; nextRunAt: Date | null; timeZone: string },
) {
  const [row] = await db
    .insert(schedules)
    .values({ ...values, tenantId })
    .returning({ id: schedules.id });
  return row!;
}

/** Writes the row's fields; its runs are counted afresh and its last outcome forgotten. */
export async function updateSchedule(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: ScheduleValues & { nextRunAt: Date | null; timeZone: string },
) {
  const rows = await db
    .update(schedules)
    .set({ ...values, dispatchCount: 0, updatedAt: new Date() })
    .where(inTenant(schedules, tenantId, eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

export async function setScheduleStatus(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: { status: number; nextRunAt: Date | null; timeZone: string; dispatchCount?: number },
) {
  const rows = await db
    .update(schedules)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(schedules, tenantId, eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

export async function deleteSchedule(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(schedules)
    .where(inTenant(schedules, tenantId, eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** The schedules of a task (what keeps a task from being deleted). */
export async function schedulesOfTask(db: DbOrTx, tenantId: number, taskId: number) {
  return db
    .select({ id: schedules.id })
    .from(schedules)
    .where(inTenant(schedules, tenantId, eq(schedules.taskId, taskId)));
}

// The scheduler's queries: across tenants, as the one loop that dispatches reads every due row.

/**
 * Takes or renews the lease `name` for `holder` until `ttlMs` from the database's clock: one
 * statement, which succeeds only when the lease is free, expired or already ours.
 */
export async function takeLease(db: DbOrTx, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const until = sql`now() + ${`${ttlMs} milliseconds`}::interval`;
  const rows = await db
    .insert(schedulerLeases)
    .values({ name, holder, expiresAt: until })
    .onConflictDoUpdate({
      target: schedulerLeases.name,
      set: { holder, expiresAt: until },
      setWhere: or(sql`${schedulerLeases.expiresAt} < now()`, eq(schedulerLeases.holder, holder)),
    })
    .returning({ holder: schedulerLeases.holder });
  return rows.length > 0;
}

/** Gives the lease up (a closing instance), so another takes it at once. */
export async function releaseLease(db: DbOrTx, name: string, holder: string) {
  await db.delete(schedulerLeases).where(and(eq(schedulerLeases.name, name), eq(schedulerLeases.holder, holder)));
}

/** Enabled schedules due at `now`, the highest priority and the oldest first. */
export async function dueSchedules(db: DbOrTx, now: Date, limit: number): Promise<ScheduleJoined[]> {
  const rows = await selectJoined(db)
    .where(and(eq(schedules.status, 1), isNotNull(schedules.nextRunAt), lte(schedules.nextRunAt, now)))
    .orderBy(asc(schedules.nextRunAt), asc(schedules.priority), asc(schedules.id))
    .limit(limit);
  return rows.map(flatten);
}

/** Enabled schedules whose times were computed in a zone their tenant no longer has. */
export async function rezonedSchedules(db: DbOrTx, limit: number): Promise<ScheduleJoined[]> {
  const rows = await selectJoined(db)
    .where(and(eq(schedules.status, 1), ne(schedules.timeZone, tenants.timeZone)))
    .limit(limit);
  return rows.map(flatten);
}

/**
 * Claims one planned time of a schedule: moves `next_run_at` from `plannedAt` to `next` only if it
 * still is `plannedAt` and the schedule is enabled. Two dispatchers cannot both claim one time.
 */
export async function claimPlanned(db: DbOrTx, id: number, plannedAt: Date, next: Date | null): Promise<boolean> {
  const rows = await db
    .update(schedules)
    .set({ nextRunAt: next, lastPlannedAt: plannedAt })
    .where(and(eq(schedules.id, id), eq(schedules.status, 1), eq(schedules.nextRunAt, plannedAt)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** Records what came of a claimed time; a dispatch counts, and the last allowed one ends the schedule. */
export async function recordOutcome(
  db: DbOrTx,
  id: number,
  outcome: { kind: ScheduleOutcome; reason: string | null; runId: number | null },
) {
  const dispatched = outcome.kind === 'dispatched';
  await db
    .update(schedules)
    .set({
      lastOutcome: outcome.kind,
      lastReason: outcome.reason,
      ...(dispatched
        ? {
            lastRunId: outcome.runId,
            dispatchCount: sql`${schedules.dispatchCount} + 1`,
            nextRunAt: sql`case when ${schedules.times} is not null and ${schedules.dispatchCount} + 1 >= ${schedules.times} then null else ${schedules.nextRunAt} end`,
          }
        : {}),
    })
    .where(eq(schedules.id, id));
}

/** Moves a schedule's next run to what its tenant's zone gives, if it is still as read. */
export async function rezone(db: DbOrTx, id: number, from: { zone: string }, next: Date | null, zone: string) {
  await db
    .update(schedules)
    .set({ nextRunAt: next, timeZone: zone })
    .where(and(eq(schedules.id, id), eq(schedules.timeZone, from.zone)));
}
