import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_TIME_ZONE,
  type AlarmKind,
  type AlarmStatus,
  type UrgencyLevel,
  type WorkOrderStatus,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { alarmDays, alarms } from '../alarms/alarms.tables.js';
import { robots } from '../robots/robots.tables.js';
import { runs } from '../runs/runs.tables.js';
import { schedules } from '../schedules/schedules.tables.js';
import { trackPoints } from '../tracks/tracks.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { workOrders } from '../work-orders/work-orders.tables.js';
import { robotDays, robotHours, robotHoursRollup } from './dashboards.tables.js';

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

/** Days `from` to `to` of the tenant's clock (`YYYY-MM-DD`, both counted). */
export type DayRange = { from: string; to: string };
const inDays = (column: PgColumn, days: DayRange) => and(gte(column, days.from), lte(column, days.to));

/** Alarms by day and kind, from the counts kept as they are stored (`alarm_days`). */
export async function alarmsByDay(db: DbOrTx, tenantId: number, days: DayRange, ids: RobotFilter) {
  const rows = await db
    .select({ day: alarmDays.day, kind: alarmDays.kind, count: sql<number>`sum(${alarmDays.count})::int` })
    .from(alarmDays)
    .where(inTenant(alarmDays, tenantId, inDays(alarmDays.day, days), robotCondition(alarmDays.robotId, ids)))
    .groupBy(alarmDays.day, alarmDays.kind)
    .orderBy(asc(alarmDays.day), asc(alarmDays.kind));
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

/**
 * The days' figures in one pass over `robot_days` (the hours summed per day of the tenant's clock
 * by the rollup): metres patrolled by day, and seconds online by robot.
 */
export async function daysByDayAndRobot(db: DbOrTx, tenantId: number, days: DayRange, ids: RobotFilter) {
  const where = inTenant(robotDays, tenantId, inDays(robotDays.day, days), robotCondition(robotDays.robotId, ids));
  const rows = await rowsOf<{ day: string | null; robot_id: number | null; distance: number; online_s: number }>(
    db,
    sql`select ${robotDays.day}::text as day, ${robotDays.robotId} as robot_id,
               sum(${robotDays.distanceM}) as distance, sum(${robotDays.onlineS})::int8 as online_s
          from ${robotDays} where ${where}
         group by grouping sets ((${robotDays.day}), (${robotDays.robotId}))`,
  );
  const distance = rows
    .filter((r) => r.day !== null)
    .map((r) => ({ day: r.day!, distanceM: Math.round(num(r.distance) * 10) / 10 }))
    .sort((x, y) => x.day.localeCompare(y.day));
  const online = new Map(rows.filter((r) => r.robot_id !== null).map((r) => [num(r.robot_id), num(r.online_s)]));
  return { distance, online };
}

/** The tenant's robots (of the filter), by name. */
export async function robotsOf(db: DbOrTx, tenantId: number, ids: RobotFilter) {
  return db
    .select({ robotId: robots.id, robotName: robots.name })
    .from(robots)
    .where(inTenant(robots, tenantId, robotCondition(robots.id, ids)))
    .orderBy(asc(robots.name), asc(robots.id));
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

/**
 * The alarm portrait, three readings run side by side:
 * - by kind and by robot, from the counts kept per day (`alarm_days`), each robot with its name
 *   now (a robot no longer of the tenant: a name its alarms carry);
 * - by weekday (0 Monday) and hour of the zone's clock, from the span's alarms counted per quarter
 *   of an hour (every zone's offset is a whole number of quarters), so the zone is applied to a few
 *   thousand groups, not to each alarm;
 * - by place cell of `cellDeg` degrees, the busiest `placesMax` (alarms without a position left out).
 * The hours and places read the alarms themselves: the days keep neither.
 */
export async function alarmPortrait(
  db: DbOrTx,
  tenantId: number,
  span: Span,
  days: DayRange,
  tz: string,
  limits: { cellDeg: number; placesMax: number },
  filter: PortraitFilter,
) {
  const where = inTenant(
    alarms,
    tenantId,
    inSpan(alarms.reportedAt, span),
    filter.kind ? eq(alarms.kind, filter.kind) : undefined,
    robotCondition(alarms.robotId, filter.robotIds),
  );
  const counted = inTenant(
    alarmDays,
    tenantId,
    inDays(alarmDays.day, days),
    filter.kind ? eq(alarmDays.kind, filter.kind) : undefined,
    robotCondition(alarmDays.robotId, filter.robotIds),
  );
  const [hours, places, byKind, byRobot] = await Promise.all([
    rowsOf<{ wd: number; hr: number; n: number }>(
      db,
      sql`select wd, hr, sum(n)::int as n from (
            select (extract(isodow from slot at time zone ${tz}) - 1)::int as wd,
                   extract(hour from slot at time zone ${tz})::int as hr, n
              from (select date_bin('15 minutes', ${alarms.reportedAt}, timestamptz 'epoch') as slot, count(*) as n
                      from ${alarms} where ${where} group by 1) q
          ) l
          group by wd, hr`,
    ),
    rowsOf<{ gx: number; gy: number; n: number }>(
      db,
      sql`select gx, gy, n from (
            select floor(${alarms.lat} / ${limits.cellDeg}::float8)::int8 as gx,
                   floor(${alarms.lng} / ${limits.cellDeg}::float8)::int8 as gy, count(*)::int as n
              from ${alarms} where ${and(where, sql`${alarms.lat} is not null and ${alarms.lng} is not null`)}
             group by 1, 2) c
          order by n desc, gx, gy limit ${limits.placesMax}`,
    ),
    db
      .select({ kind: alarmDays.kind, n: sql<number>`sum(${alarmDays.count})::int` })
      .from(alarmDays)
      .where(counted)
      .groupBy(alarmDays.kind),
    rowsOf<{ robot_id: number; robot_name: string | null; n: number }>(
      db,
      sql`select g.robot_id, coalesce(r.name,
                   (select a.robot_name from ${alarms} a where a.tenant_id = ${tenantId} and a.robot_id = g.robot_id limit 1)
                 ) as robot_name, g.n
            from (select ${alarmDays.robotId} as robot_id, sum(${alarmDays.count})::int as n
                    from ${alarmDays} where ${counted} group by 1) g
            left join ${robots} r on r.id = g.robot_id and r.tenant_id = ${tenantId}`,
    ),
  ]);
  return {
    byKind: byKind.map((r) => ({ kind: r.kind as AlarmKind, count: num(r.n) })),
    hours: hours.map((r) => ({ weekday: num(r.wd), hour: num(r.hr), count: num(r.n) })),
    places: places.map((r) => ({ gx: num(r.gx), gy: num(r.gy), count: num(r.n) })),
    byRobot: byRobot.map((r) => ({ robotId: num(r.robot_id), robotName: r.robot_name ?? '', count: num(r.n) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The hourly figures (robot_hours)
// ---------------------------------------------------------------------------------------------

/** The rollup's transaction-level advisory lock (class "RH"): one instance counts at a time. */
const ROLLUP_LOCK_CLASS = 0x5248;
const HOUR_MS = 3_600_000;
/** Faster than the protocol's top speed (m/s) between two points is a jump of the position, not a move. */
const MAX_SPEED_MS = 100;
const EARTH_RADIUS_M = 6_371_008.8;

export type RollupWindow = {
  /** The track points counted: `ts` in `(from, to]`, epoch ms. */
  from: number;
  to: number;
  /** Points counted, and robot-hours added to. */
  points: number;
  rows: number;
};

export type RollupPassOptions = {
  /** Points newer than this (epoch ms) wait for a later pass. */
  until: number;
  /** At most this much of the points' time per pass (ms). */
  windowMs: number;
  /** The longest gap between two points of a robot that counts as online (and as moved). */
  maxGapMs: number;
  /** Where a rollup that never ran starts counting (epoch ms). */
  start: number;
};

/**
 * One pass of the rollup, in one transaction: under the advisory lock (another instance holding it:
 * answers null, nothing done) it reads the watermark `counted_to`, adds to `robot_hours` the sums
 * of the track points with `ts` in `(counted_to, min(until, counted_to + windowMs)]`, and in the same
 * statement the same sums to `robot_days` (each hour on the day its start falls on in the tenant's
 * zone, `tenants.time_zone` now), and moves the watermark to that end. The row of the watermark is locked too (`for update`), so two passes can
 * never count one window, whatever holds the advisory lock. A failure rolls everything back.
 *
 * Each counted point adds one sample to its UTC hour, and the gap from the robot's point before it
 * (of the same tenant, at most `maxGapMs` earlier; looked for back to `counted_to - maxGapMs`, so
 * a gap across the watermark counts once, with the point that ends it) adds its distance (haversine;
 * none faster than 100 m/s) and its seconds: the whole seconds of the clock the gap crosses, so the
 * seconds of a stretch of gaps add up to its length whatever the passes cut. A gap across an hour's
 * start is shared between the two hours by time.
 */
export async function rollUpRobotHours(db: Db, options: RollupPassOptions): Promise<RollupWindow | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, 0) as locked`,
    );
    if (!lock?.locked) return null;
    await tx.insert(robotHoursRollup).values({ id: 1, countedTo: options.start }).onConflictDoNothing();
    const [mark] = await tx
      .select({ countedTo: robotHoursRollup.countedTo })
      .from(robotHoursRollup)
      .where(eq(robotHoursRollup.id, 1))
      .for('update');
    const from = mark!.countedTo;
    const to = Math.min(options.until, from + options.windowMs);
    if (to <= from) return { from, to: from, points: 0, rows: 0 };
    const [sums] = await rowsOf<{ points: number; rows: number }>(
      tx,
      sql`with p as (
            select robot_id, tenant_id, ts, lat, lng,
                   lag(ts) over w as pts, lag(lat) over w as plat, lag(lng) over w as plng,
                   lag(tenant_id) over w as ptenant
              from ${trackPoints}
             where ts > ${from - options.maxGapMs}::int8 and ts <= ${to}::int8
            window w as (partition by robot_id order by ts)
          ), g as (
            select robot_id, tenant_id, ts, (ts / ${HOUR_MS}::int8) * ${HOUR_MS}::int8 as boundary,
                   case when ptenant = tenant_id and ts - pts <= ${options.maxGapMs}::int8 then pts end as a,
                   2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(
                     sin(radians(lat - plat) / 2) ^ 2
                     + cos(radians(plat)) * cos(radians(lat)) * sin(radians(lng - plng) / 2) ^ 2))) as m
              from p where ts > ${from}::int8
          ), s as (
            select robot_id, tenant_id, ts, boundary, a,
                   case when a is null or m / ((ts - a) / 1000.0) > ${MAX_SPEED_MS} then 0 else m end as m
              from g
          ), pieces as (
            select robot_id, tenant_id, boundary as hour_ms, 1 as samples,
                   case when a is null then 0 else ts / 1000 - greatest(a, boundary) / 1000 end as online_s,
                   case when a is null then 0 when a >= boundary then m
                        else m * (ts - boundary)::float8 / (ts - a) end as distance_m
              from s
            union all
            select robot_id, tenant_id, boundary - ${HOUR_MS}::int8, 0, boundary / 1000 - a / 1000,
                   m * (boundary - a)::float8 / (ts - a)
              from s where a < boundary
          ), hourly as (
            select robot_id, tenant_id, to_timestamp(hour_ms / 1000.0) as hour, sum(distance_m) as distance_m,
                   sum(online_s) as online_s, sum(samples) as samples
              from pieces group by robot_id, tenant_id, hour_ms
          ), added as (
            insert into ${robotHours} (robot_id, tenant_id, hour, distance_m, online_s, samples)
            select robot_id, tenant_id, hour, distance_m, online_s, samples from hourly
            on conflict (robot_id, tenant_id, hour) do update set
              distance_m = robot_hours.distance_m + excluded.distance_m,
              online_s = robot_hours.online_s + excluded.online_s,
              samples = robot_hours.samples + excluded.samples
            returning 1
          ), daily as (
            insert into ${robotDays} (tenant_id, robot_id, day, distance_m, online_s)
            select h.tenant_id, h.robot_id, (h.hour at time zone coalesce(t.time_zone, ${DEFAULT_TIME_ZONE}))::date,
                   sum(h.distance_m), sum(h.online_s)
              from hourly h left join ${tenants} t on t.id = h.tenant_id
             group by 1, 2, 3
            on conflict (tenant_id, day, robot_id) do update set
              distance_m = robot_days.distance_m + excluded.distance_m,
              online_s = robot_days.online_s + excluded.online_s
          )
          select (select count(*) from s)::int as points, (select count(*) from added)::int as rows`,
    );
    await tx
      .update(robotHoursRollup)
      .set({ countedTo: to, passedAt: sql`now()` })
      .where(eq(robotHoursRollup.id, 1));
    return { from, to, points: num(sums?.points), rows: num(sums?.rows) };
  });
}

/** Where the rollup has counted to (epoch ms), if it has run. */
export async function rollupCountedTo(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db.select({ countedTo: robotHoursRollup.countedTo }).from(robotHoursRollup);
  return row?.countedTo;
}

/** A robot's hours of a tenant in a span (tests, the rollup's own checks). */
export async function robotHoursOf(db: DbOrTx, tenantId: number, robotId: number) {
  return db
    .select()
    .from(robotHours)
    .where(inTenant(robotHours, tenantId, eq(robotHours.robotId, robotId)))
    .orderBy(asc(robotHours.hour));
}

/** A robot's days of a tenant (tests, the rollup's own checks). */
export async function robotDaysOf(db: DbOrTx, tenantId: number, robotId: number) {
  return db
    .select()
    .from(robotDays)
    .where(inTenant(robotDays, tenantId, eq(robotDays.robotId, robotId)))
    .orderBy(asc(robotDays.day));
}

/** Seeds days as they are (isolation). */
export async function insertRobotDays(db: DbOrTx, rows: (typeof robotDays.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(robotDays).values(rows);
}

/** Seeds hours as they are (isolation and benchmarks). */
export async function insertRobotHours(db: DbOrTx, rows: (typeof robotHours.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(robotHours).values(rows);
}
