import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AlarmKind, AlarmStatus, UrgencyLevel, WorkOrderStatus } from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { alarms } from '../alarms/alarms.tables.js';
import { robots } from '../robots/robots.tables.js';
import { runs } from '../runs/runs.tables.js';
import { schedules } from '../schedules/schedules.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { workOrders } from '../work-orders/work-orders.tables.js';
import { robotHours } from './dashboards.tables.js';

/**
 * The dashboards' reads: every figure is counted or summed by the database (group by), in the
 * tenant (`inTenant`), over the other areas' tables joined here. `robotIds` narrows to those robots
 * (undefined: every robot of the tenant; empty: none). Days are cut in the zone `tz` (IANA name).
 */

/** A range of instants: `[start, end)`. */
export type Span = { start: Date; end: Date };
/** The robots a figure counts: undefined for all of the tenant. */
export type RobotFilter = readonly number[] | undefined;

/** Both drivers answer `{ rows }`; the shared database type does not say so. */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (v: unknown) => Number(v ?? 0);

/** `column = any(ids)` for a robot filter, or nothing. An empty filter matches no row. */
function robotCondition(column: PgColumn, ids: RobotFilter): SQL | undefined {
  if (ids === undefined) return undefined;
  if (ids.length === 0) return sql`false`;
  return inArray(column, [...ids]);
}

/** The tenant's time zone. */
export async function tenantTimeZone(db: DbOrTx, tenantId: number): Promise<string | undefined> {
  const [row] = await db.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.zone;
}

/** The tenant's robot ids among `ids` (others' are left out). */
export async function tenantRobotIds(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: robots.id })
    .from(robots)
    .where(inTenant(robots, tenantId, inArray(robots.id, [...ids])));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Overview
// ---------------------------------------------------------------------------------------------

const ACTIVE_RUN = sql`('dispatched', 'running', 'paused')`;

export async function robotCounts(db: DbOrTx, tenantId: number, ids: RobotFilter) {
  const [row] = await db
    .select({
      total: count(),
      online: sql<number>`count(*) filter (where ${robots.online})::int`,
      charging: sql<number>`count(*) filter (where ${robots.online} and coalesce((${robots.lastState}->>'charging')::boolean, false))::int`,
      stoppedForRepair: sql<number>`count(*) filter (where ${robots.stoppedForRepair})::int`,
      // Written out: Drizzle leaves a select field's columns unqualified, which a subquery would misread.
      onTask: sql<number>`count(*) filter (where exists (select 1 from runs r where r.robot_id = "robots"."id" and r.tenant_id = "robots"."tenant_id" and r.status in ${ACTIVE_RUN}))::int`,
    })
    .from(robots)
    .where(inTenant(robots, tenantId, robotCondition(robots.id, ids)));
  return {
    total: num(row?.total),
    online: num(row?.online),
    charging: num(row?.charging),
    stoppedForRepair: num(row?.stoppedForRepair),
    onTask: num(row?.onTask),
  };
}

/**
 * Runs going now, and today's: planned today and not started yet (dispatched), finished today,
 * failed or missed today (by when they ended, or were planned when they never ran).
 */
export async function runCounts(db: DbOrTx, tenantId: number, today: Span, ids: RobotFilter) {
  const ended = sql`coalesce(${runs.endedAt}, ${runs.plannedAt})`;
  const inToday = sql`${ended} >= ${today.start} and ${ended} < ${today.end}`;
  // A run ends after it was planned: the planned time bounds what the index reads (runs of the
  // last two days, or still going).
  const since = new Date(today.start.getTime() - 2 * 86_400_000);
  const [row] = await db
    .select({
      running: sql<number>`count(*) filter (where ${runs.status} in ('running', 'paused'))::int`,
      notStarted: sql<number>`count(*) filter (where ${runs.status} = 'dispatched' and ${runs.plannedAt} >= ${today.start} and ${runs.plannedAt} < ${today.end})::int`,
      done: sql<number>`count(*) filter (where ${runs.status} = 'finished' and ${inToday})::int`,
      failed: sql<number>`count(*) filter (where ${runs.status} in ('failed', 'missed') and ${inToday})::int`,
    })
    .from(runs)
    .where(
      inTenant(
        runs,
        tenantId,
        or(gte(runs.plannedAt, since), sql`${runs.status} in ${ACTIVE_RUN}`),
        robotCondition(runs.robotId, ids),
      ),
    );
  return {
    running: num(row?.running),
    notStarted: num(row?.notStarted),
    done: num(row?.done),
    failed: num(row?.failed),
  };
}

/**
 * Enabled schedules whose next run falls in `[from, to)`: `next_run_at` is what the schedules
 * module computes from the schedule and the tenant's zone, and a schedule fires at most once a day.
 */
export async function schedulesDue(db: DbOrTx, tenantId: number, from: Date, to: Date, ids: RobotFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(schedules)
    .where(
      inTenant(
        schedules,
        tenantId,
        eq(schedules.status, STATUS.enabled),
        gte(schedules.nextRunAt, from),
        lt(schedules.nextRunAt, to),
        robotCondition(schedules.robotId, ids),
      ),
    );
  return num(row?.n);
}

export async function alarmsByKindStatus(db: DbOrTx, tenantId: number, span: Span, ids: RobotFilter) {
  const rows = await db
    .select({ kind: alarms.kind, status: alarms.status, count: count() })
    .from(alarms)
    .where(
      inTenant(
        alarms,
        tenantId,
        gte(alarms.reportedAt, span.start),
        lt(alarms.reportedAt, span.end),
        robotCondition(alarms.robotId, ids),
      ),
    )
    .groupBy(alarms.kind, alarms.status)
    .orderBy(asc(alarms.kind), asc(alarms.status));
  return rows.map((r) => ({ kind: r.kind as AlarmKind, status: r.status as AlarmStatus, count: num(r.count) }));
}

export async function openAlarmCount(db: DbOrTx, tenantId: number, ids: RobotFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(alarms)
    .where(inTenant(alarms, tenantId, eq(alarms.status, 'disposing'), robotCondition(alarms.robotId, ids)));
  return num(row?.n);
}

export async function workOrderCounts(db: DbOrTx, tenantId: number, now: Date, ids: RobotFilter) {
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${workOrders.deadline} < ${now})::int`,
      draft: sql<number>`count(*) filter (where ${workOrders.status} = 'draft')::int`,
      pending: sql<number>`count(*) filter (where ${workOrders.status} = 'pending')::int`,
      processing: sql<number>`count(*) filter (where ${workOrders.status} = 'processing')::int`,
    })
    .from(workOrders)
    .where(inTenant(workOrders, tenantId, ne(workOrders.status, 'processed'), robotCondition(workOrders.robotId, ids)));
  return {
    open: num(row?.open),
    overdue: num(row?.overdue),
    byStatus: { draft: num(row?.draft), pending: num(row?.pending), processing: num(row?.processing) },
  };
}

// ---------------------------------------------------------------------------------------------
// The home page
// ---------------------------------------------------------------------------------------------

/** The newest alarms still being disposed, and how many there are. */
export async function newestOpenAlarms(db: DbOrTx, tenantId: number, limit: number, ids: RobotFilter) {
  const where = inTenant(alarms, tenantId, eq(alarms.status, 'disposing'), robotCondition(alarms.robotId, ids));
  const rows = await db
    .select({
      alarmId: alarms.id,
      kind: alarms.kind,
      robotId: alarms.robotId,
      robotName: alarms.robotName,
      msg: alarms.msg,
      reportedAt: alarms.reportedAt,
      status: alarms.status,
    })
    .from(alarms)
    .where(where)
    .orderBy(desc(alarms.reportedAt), desc(alarms.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(alarms).where(where);
  return { rows, total: num(total?.n) };
}

/** A user's open work orders (assigned to them or created by them), nearest deadline first. */
export async function openWorkOrdersOf(db: DbOrTx, tenantId: number, userId: number, limit: number) {
  const where = inTenant(
    workOrders,
    tenantId,
    ne(workOrders.status, 'processed'),
    or(eq(workOrders.assigneeId, userId), eq(workOrders.createdById, userId)),
  );
  const rows = await db
    .select({
      workOrderId: workOrders.id,
      number: workOrders.number,
      status: workOrders.status,
      urgency: workOrders.urgency,
      robotName: workOrders.robotName,
      deadline: workOrders.deadline,
    })
    .from(workOrders)
    .where(where)
    .orderBy(asc(workOrders.deadline), asc(workOrders.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(workOrders).where(where);
  return {
    rows: rows.map((r) => ({ ...r, status: r.status as WorkOrderStatus, urgency: r.urgency as UrgencyLevel })),
    total: num(total?.n),
  };
}

// ---------------------------------------------------------------------------------------------
// Trends: day by day in the zone `tz`
// ---------------------------------------------------------------------------------------------

/** The day of an instant in the zone, as a date (grouped on); turned to text after grouping. */
const dayOf = (column: SQL | PgColumn, tz: string) => sql`((${column}) at time zone ${tz})::date`;
const inSpan = (column: PgColumn, span: Span) => and(gte(column, span.start), lt(column, span.end));

export async function alarmsByDay(db: DbOrTx, tenantId: number, span: Span, tz: string, ids: RobotFilter) {
  const where = inTenant(alarms, tenantId, inSpan(alarms.reportedAt, span), robotCondition(alarms.robotId, ids));
  const rows = await rowsOf<{ day: string; kind: string; count: number }>(
    db,
    sql`select d::text as day, kind, n::int as count from (
          select ${dayOf(alarms.reportedAt, tz)} as d, ${alarms.kind} as kind, count(*) as n
            from ${alarms} where ${where} group by 1, 2) g
         order by 1, 2`,
  );
  return rows.map((r) => ({ day: r.day, kind: r.kind as AlarmKind, count: num(r.count) }));
}

/** Runs by the day they were planned: finished, failed or missed, skipped. */
export async function runsByDay(db: DbOrTx, tenantId: number, span: Span, tz: string, ids: RobotFilter) {
  const where = inTenant(runs, tenantId, inSpan(runs.plannedAt, span), robotCondition(runs.robotId, ids));
  const rows = await rowsOf<{ day: string; done: number; failed: number; skipped: number }>(
    db,
    sql`select d::text as day, done::int, failed::int, skipped::int from (
          select ${dayOf(runs.plannedAt, tz)} as d,
                 count(*) filter (where ${runs.status} = 'finished') as done,
                 count(*) filter (where ${runs.status} in ('failed', 'missed')) as failed,
                 count(*) filter (where ${runs.status} = 'skipped') as skipped
            from ${runs} where ${where} group by 1) g
         where done + failed + skipped > 0 order by 1`,
  );
  return rows.map((r) => ({ day: r.day, done: num(r.done), failed: num(r.failed), skipped: num(r.skipped) }));
}

/** Metres patrolled by day: an hour's figures count on the day its start falls on in the zone. */
export async function distanceByDay(db: DbOrTx, tenantId: number, span: Span, tz: string, ids: RobotFilter) {
  const where = inTenant(robotHours, tenantId, inSpan(robotHours.hour, span), robotCondition(robotHours.robotId, ids));
  const rows = await rowsOf<{ day: string; distance: number }>(
    db,
    sql`select d::text as day, m as distance from (
          select ${dayOf(robotHours.hour, tz)} as d, sum(${robotHours.distanceM}) as m
            from ${robotHours} where ${where} group by 1) g
         order by 1`,
  );
  return rows.map((r) => ({ day: r.day, distanceM: Math.round(num(r.distance) * 10) / 10 }));
}

/** The tenant's robots (of the filter) with their seconds online in the span, by name. */
export async function uptimeOfRobots(db: DbOrTx, tenantId: number, span: Span, ids: RobotFilter) {
  const hours = db
    .select({ robotId: robotHours.robotId, onlineS: sql<number>`sum(${robotHours.onlineS})`.as('online_s') })
    .from(robotHours)
    .where(inTenant(robotHours, tenantId, inSpan(robotHours.hour, span), robotCondition(robotHours.robotId, ids)))
    .groupBy(robotHours.robotId)
    .as('h');
  const rows = await db
    .select({ robotId: robots.id, robotName: robots.name, onlineS: sql<number>`coalesce(${hours.onlineS}, 0)::int8` })
    .from(robots)
    .leftJoin(hours, eq(hours.robotId, robots.id))
    .where(inTenant(robots, tenantId, robotCondition(robots.id, ids)))
    .orderBy(asc(robots.name), asc(robots.id));
  return rows.map((r) => ({ robotId: r.robotId, robotName: r.robotName, onlineS: num(r.onlineS) }));
}

/** Work orders opened (created) and closed (processed) by day. */
export async function workOrdersByDay(db: DbOrTx, tenantId: number, span: Span, tz: string, ids: RobotFilter) {
  const robot = robotCondition(workOrders.robotId, ids);
  const opened = inTenant(workOrders, tenantId, inSpan(workOrders.createdAt, span), robot);
  const closed = inTenant(
    workOrders,
    tenantId,
    eq(workOrders.status, 'processed'),
    inSpan(workOrders.finishedAt, span),
    robot,
  );
  const rows = await rowsOf<{ day: string; opened: number; closed: number }>(
    db,
    sql`select d::text as day, sum(o)::int as opened, sum(c)::int as closed from (
          select ${dayOf(workOrders.createdAt, tz)} as d, 1 as o, 0 as c from ${workOrders} where ${opened}
          union all
          select ${dayOf(workOrders.finishedAt, tz)} as d, 0 as o, 1 as c from ${workOrders} where ${closed}
        ) e group by d order by d`,
  );
  return rows.map((r) => ({ day: r.day, opened: num(r.opened), closed: num(r.closed) }));
}

// ---------------------------------------------------------------------------------------------
// The alarm portrait: one scan, four groupings
// ---------------------------------------------------------------------------------------------

export type PortraitFilter = { kind?: AlarmKind | undefined; robotIds: RobotFilter };
export type PortraitRow = {
  /** 0 for the grouping the row belongs to (PostgreSQL's `grouping()`), not 0 for the others. */
  by_kind: number;
  by_cell: number;
  by_time: number;
  kind: string | null;
  gx: number | null;
  gy: number | null;
  wd: number | null;
  hr: number | null;
  robot_id: number | null;
  robot_name: string | null;
  n: number;
};

/**
 * The alarms of the span grouped four ways in one pass (grouping sets): by kind, by place cell
 * (`cellDeg` degrees; the busiest `placesMax`, alarms without a position left out), by weekday (0 Monday) and
 * hour of the zone's clock, by robot (with a name its alarms carry).
 */
export async function alarmPortrait(
  db: DbOrTx,
  tenantId: number,
  span: Span,
  tz: string,
  limits: { cellDeg: number; placesMax: number },
  filter: PortraitFilter,
): Promise<PortraitRow[]> {
  const where = inTenant(
    alarms,
    tenantId,
    inSpan(alarms.reportedAt, span),
    filter.kind ? eq(alarms.kind, filter.kind) : undefined,
    robotCondition(alarms.robotId, filter.robotIds),
  );
  // The busiest `placesMax` cells only: numbered within the cells' grouping, the rest left in the database.
  return rowsOf<PortraitRow>(
    db,
    sql`select * from (
          select grouping(kind)::int as by_kind, grouping(gx, gy)::int as by_cell, grouping(wd, hr)::int as by_time,
                 kind, gx, gy, wd, hr, robot_id, max(robot_name) as robot_name, count(*)::int as n,
                 row_number() over (partition by grouping(kind), grouping(gx, gy), grouping(wd, hr)
                                    order by (gx is null), count(*) desc, gx, gy) as rank
            from (select kind, robot_id, robot_name,
                         floor(lat / ${limits.cellDeg}::float8)::int8 as gx, floor(lng / ${limits.cellDeg}::float8)::int8 as gy,
                         (extract(isodow from local) - 1)::int as wd, extract(hour from local)::int as hr
                    from (select ${alarms.kind} as kind, ${alarms.robotId} as robot_id, ${alarms.robotName} as robot_name,
                                 ${alarms.lat} as lat, ${alarms.lng} as lng,
                                 ${alarms.reportedAt} at time zone ${tz} as local
                            from ${alarms} where ${where}) a
                 ) b
           group by grouping sets ((kind), (gx, gy), (wd, hr), (robot_id))
        ) g
        where by_cell <> 0 or (gx is not null and rank <= ${limits.placesMax})`,
  );
}

// ---------------------------------------------------------------------------------------------
// The hourly figures (robot_hours)
// ---------------------------------------------------------------------------------------------

export type RobotHourDelta = {
  robotId: number;
  tenantId: number;
  /** The UTC hour's start, epoch ms. */
  hour: number;
  distanceM: number;
  onlineS: number;
  samples: number;
};

/**
 * Adds the deltas to their hours in one statement, whatever their number: a row that is there
 * already gets the delta added (another instance, or an earlier flush, wrote it), never replaced.
 */
export async function addRobotHours(db: DbOrTx, deltas: RobotHourDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const list = (values: number[]) => `{${values.join(',')}}`;
  const col = <K extends keyof RobotHourDelta>(key: K) => deltas.map((d) => d[key]);
  await db.execute(sql`
    insert into robot_hours (robot_id, tenant_id, hour, distance_m, online_s, samples)
    select robot_id, tenant_id, to_timestamp(hour_ms / 1000.0), distance_m, online_s, samples
      from unnest(${list(col('robotId'))}::int[], ${list(col('tenantId'))}::int[], ${list(col('hour'))}::int8[],
                  ${list(col('distanceM'))}::float8[], ${list(col('onlineS'))}::int[], ${list(col('samples'))}::int8[])
           as d(robot_id, tenant_id, hour_ms, distance_m, online_s, samples)
    on conflict (robot_id, tenant_id, hour) do update set
      distance_m = robot_hours.distance_m + excluded.distance_m,
      online_s = robot_hours.online_s + excluded.online_s,
      samples = robot_hours.samples + excluded.samples`);
}

/** A robot's hours of a tenant in a span (tests, the rollup's own checks). */
export async function robotHoursOf(db: DbOrTx, tenantId: number, robotId: number) {
  return db
    .select()
    .from(robotHours)
    .where(inTenant(robotHours, tenantId, eq(robotHours.robotId, robotId)))
    .orderBy(asc(robotHours.hour));
}

/** Seeds hours as they are (isolation and benchmarks). */
export async function insertRobotHours(db: DbOrTx, rows: (typeof robotHours.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(robotHours).values(rows);
}
