import {
  DASHBOARD_LIMITS,
  DEFAULT_TIME_ZONE,
  isWorkOrderOverdue,
  listDays,
  wallClockInstant,
  type AlarmKind,
  type AlarmStatus,
  type DashboardAbnormal,
  type DashboardMine,
  type DashboardOverview,
  type DashboardTrends,
  type dashboardAbnormalQuery,
  type dashboardTrendsQuery,
} from '@patrol/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { robotScope } from '../user-robots/user-robots.scope.js';
import {
  alarmPortrait,
  alarmsByDay,
  alarmsByKindStatus,
  daysByDayAndRobot,
  newestOpenAlarms,
  openAlarmCount,
  openWorkOrdersOf,
  robotCounts,
  runCounts,
  runsByDay,
  schedulesDue,
  robotsOf,
  tenantTimeZone,
  workOrderCounts,
  workOrdersByDay,
  type RobotFilter,
  type Span,
} from './dashboards.repository.js';

type TrendsQuery = z.output<typeof dashboardTrendsQuery>;
type AbnormalQuery = z.output<typeof dashboardAbnormalQuery>;

const DAY_MS = 86_400_000;

/** The day after `YYYY-MM-DD`. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The day an instant falls on in a zone, `YYYY-MM-DD`. */
export function dayIn(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The instants of the days `from` to `to` (both counted) in a zone: midnight to the midnight after. */
export function daysSpan(zone: string, from: string, to: string): Span {
  return { start: wallClockInstant(from, '00:00', zone), end: wallClockInstant(nextDay(to), '00:00', zone) };
}

/**
 * The figures of the work and trend windows and of the home page, in the caller's acting tenant,
 * over the robots the caller sees (the whole fleet for the tenant's administrators, the assigned
 * robots for everyone else; `user-robots.scope.ts`). Robots of another tenant named in a query are
 * left out, as robots the caller does not see are: they match nothing.
 */
export function createDashboardsService(ctx: AppContext, deps: { now?: () => Date } = {}) {
  const { db } = ctx;
  const now = deps.now ?? (() => new Date());

  async function zoneOf(tenantId: number): Promise<string> {
    return (await tenantTimeZone(db, tenantId)) ?? DEFAULT_TIME_ZONE;
  }

  /** The robots a figure counts: those asked for (or all), less those the caller does not see. */
  async function robotsFor(caller: AuthContext, requested?: number[]): Promise<RobotFilter> {
    const scope = await robotScope(db, caller);
    if (requested === undefined) return scope === null ? undefined : [...scope];
    return scope === null ? requested : requested.filter((id) => scope.has(id));
  }

  async function overview(caller: AuthContext): Promise<DashboardOverview> {
    const at = now();
    const zone = await zoneOf(caller.tenantId);
    const today = dayIn(zone, at);
    const span = daysSpan(zone, today, today);
    const ids = await robotsFor(caller);
    const [robots, runs, fires, alarmsToday, openTotal, workOrders] = await Promise.all([
      robotCounts(db, caller.tenantId, ids),
      runCounts(db, caller.tenantId, span, ids),
      schedulesDue(db, caller.tenantId, at, span.end, ids),
      alarmsByKindStatus(db, caller.tenantId, span, ids),
      openAlarmCount(db, caller.tenantId, ids),
      workOrderCounts(db, caller.tenantId, at, ids),
    ]);
    return {
      robots: { ...robots, offline: robots.total - robots.online },
      tasks: {
        running: runs.running,
        dueToday: runs.notStarted + fires,
        doneToday: runs.done,
        failedToday: runs.failed,
      },
      alarms: { today: alarmsToday, openTotal },
      workOrders,
      timeZone: zone,
      today,
      generatedAt: at.toISOString(),
    };
  }

  async function mine(caller: AuthContext): Promise<DashboardMine> {
    const at = now();
    const ids = await robotsFor(caller);
    const [alarms, orders] = await Promise.all([
      newestOpenAlarms(db, caller.tenantId, DASHBOARD_LIMITS.mineRows, ids),
      openWorkOrdersOf(db, caller.tenantId, caller.userId, DASHBOARD_LIMITS.mineRows),
    ]);
    return {
      alarms: {
        total: alarms.total,
        rows: alarms.rows.map((r) => ({
          alarmId: r.alarmId,
          kind: r.kind as AlarmKind,
          robotId: r.robotId,
          robotName: r.robotName,
          msg: r.msg,
          reportedAt: r.reportedAt.toISOString(),
          status: r.status as AlarmStatus,
        })),
      },
      workOrders: {
        total: orders.total,
        rows: orders.rows.map((r) => {
          const deadline = r.deadline.toISOString();
          return { ...r, deadline, overdue: isWorkOrderOverdue({ status: r.status, deadline }, at) };
        }),
      },
    };
  }

  /** The range asked, or the tenant's last `defaultRangeDays` days up to its today. */
  function rangeOf(zone: string, at: Date, query: { from?: string | undefined; to?: string | undefined }) {
    const today = dayIn(zone, at);
    if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to, today };
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - (DASHBOARD_LIMITS.defaultRangeDays - 1));
    return { from: start.toISOString().slice(0, 10), to: today, today };
  }

  async function trends(caller: AuthContext, asked: TrendsQuery): Promise<DashboardTrends> {
    const at = now();
    const zone = await zoneOf(caller.tenantId);
    const range = rangeOf(zone, at, asked);
    const query = { ...asked, from: range.from, to: range.to };
    const span = daysSpan(zone, query.from, query.to);
    const ids = await robotsFor(caller, query.robotIds);
    const [alarms, runs, hours, robots, workOrders] = await Promise.all([
      alarmsByDay(db, caller.tenantId, query, ids),
      runsByDay(db, caller.tenantId, span, zone, ids),
      daysByDayAndRobot(db, caller.tenantId, query, ids),
      robotsOf(db, caller.tenantId, ids),
      workOrdersByDay(db, caller.tenantId, span, zone, ids),
    ]);
    // The share of the range's seconds so far: a range that ends in the future counts until now.
    const elapsedS = Math.max(0, (Math.min(span.end.getTime(), at.getTime()) - span.start.getTime()) / 1000);
    return {
      days: listDays(query.from, query.to),
      alarms,
      runs,
      distance: hours.distance,
      uptime: robots.map((robot) => {
        const onlineS = hours.online.get(robot.robotId) ?? 0;
        const ratio = elapsedS > 0 ? Math.min(1, Math.round((onlineS / elapsedS) * 10_000) / 10_000) : 0;
        return { ...robot, onlineS, ratio };
      }),
      workOrders,
      ...range,
      timeZone: zone,
    };
  }

  async function abnormal(caller: AuthContext, asked: AbnormalQuery): Promise<DashboardAbnormal> {
    const zone = await zoneOf(caller.tenantId);
    const range = rangeOf(zone, now(), asked);
    const query = { ...asked, from: range.from, to: range.to };
    const span = daysSpan(zone, query.from, query.to);
    const ids = await robotsFor(caller, query.robotId === undefined ? undefined : [query.robotId]);
    const portrait = await alarmPortrait(db, caller.tenantId, span, query, zone, DASHBOARD_LIMITS, {
      kind: query.kind,
      robotIds: ids,
    });
    const cell = DASHBOARD_LIMITS.cellDeg;
    // Cell centres, rounded off the float noise of the multiplication.
    const centre = (index: number) => Math.round((index + 0.5) * cell * 1e7) / 1e7;
    const byKind = portrait.byKind.sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
    const places = portrait.places.map((p) => ({ lat: centre(p.gx), lng: centre(p.gy), count: p.count }));
    const hours = portrait.hours.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
    const byRobot = portrait.byRobot.sort((a, b) => b.count - a.count || a.robotId - b.robotId);
    return {
      total: byKind.reduce((sum, k) => sum + k.count, 0),
      places,
      hours,
      byKind,
      byRobot,
      ...range,
      timeZone: zone,
    };
  }

  return { overview, mine, trends, abnormal };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
