import { z } from 'zod';
import { alarmKinds, alarmStatuses } from './alarms.js';
import { INT4_MAX, rowId } from './fields.js';
import { messageParams } from './messages.js';
import { urgencyLevels, workOrderStatuses } from './work-orders.js';

/**
 * The figures of the work and trend windows (`/workVision/*`, `/trendVision/*`) and of the home
 * page: counts the server groups in SQL, never raw rows. Days are the tenant's days, cut in its
 * time zone (`tenants.timeZone`); distances and uptime come from the hourly figures of each robot
 * (`robot_hours`), summed from its telemetry as it arrives. See docs/decisions.md, "Dashboards".
 */
export const DASHBOARD_LIMITS = {
  /** The longest range of a trend or portrait query, in days (both ends counted). */
  rangeDaysMax: 366,
  /** The range a trend or portrait query covers when it names none: the tenant's last 30 days. */
  defaultRangeDays: 30,
  /** The most robots a trend query names. */
  robotIdsMax: 500,
  /** The side of a place cell of the alarm portrait, in degrees (about 110 m of latitude). */
  cellDeg: 0.001,
  /** The most place cells the portrait returns (the busiest first). */
  placesMax: 500,
  /** Rows of each home list. */
  mineRows: 5,
} as const;

/**
 * Weekdays of the portrait's hour grid: 0 is Monday, 6 is Sunday (ISO 8601, as the console's
 * calendars in zh-CN start the week).
 */
export const DASHBOARD_WEEKDAYS = 7;

/** A day of the tenant: `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a real calendar day between the years 2000 and 9999. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both counted (`2026-01-01`..`2026-01-01` is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `from` to `to`, both counted, as `YYYY-MM-DD`. */
export function listDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const dayField = z
  .string({ error: 'dashboards.dayRequired' })
  .trim()
  .min(1, { message: 'dashboards.dayRequired', abort: true })
  .refine(isCalendarDay, 'dashboards.dayInvalid');

/**
 * Both ends or neither: without a range the server takes the tenant's last `defaultRangeDays` days,
 * counted to the tenant's today (which the browser's clock may not share).
 */
const rangeChecked = <T extends { from?: string | undefined; to?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.from === undefined && value.to === undefined) return;
  if (value.from === undefined || value.to === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [value.from === undefined ? 'from' : 'to'],
      message: 'dashboards.dayRequired',
    });
    return;
  }
  if (!isCalendarDay(value.from) || !isCalendarDay(value.to)) return;
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dashboards.rangeOrder' });
  else if (daysInRange(value.from, value.to) > DASHBOARD_LIMITS.rangeDaysMax)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'dashboards.rangeTooLong' });
};

/** `robotIds=1,2,3`: distinct row ids, at most `robotIdsMax`; absent or empty means every robot. */
const robotIdList = z
  .string()
  .trim()
  .max(DASHBOARD_LIMITS.robotIdsMax * 11, 'dashboards.robotIdsTooMany')
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined;
    const ids = new Set<number>();
    for (const part of text.split(',')) {
      const piece = part.trim();
      if (!piece) continue;
      const id = /^\d{1,10}$/.test(piece) ? Number(piece) : NaN;
      if (!Number.isInteger(id) || id < 1 || id > INT4_MAX) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      ids.add(id);
    }
    if (ids.size > DASHBOARD_LIMITS.robotIdsMax) {
      ctx.addIssue({ code: 'custom', message: 'dashboards.robotIdsTooMany' });
      return z.NEVER;
    }
    return ids.size ? [...ids] : undefined;
  });

// ---------------------------------------------------------------------------------------------
// GET dashboard-server/dashboards/overview: the fleet now (work window, overview)
// ---------------------------------------------------------------------------------------------

export const dashboardOverview = z.object({
  robots: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    /** Online and charging by its latest telemetry. */
    charging: z.number().int(),
    /** Out of service: an open work order says "stopped for repair". */
    stoppedForRepair: z.number().int(),
    /** With a run dispatched, running or paused. */
    onTask: z.number().int(),
  }),
  tasks: z.object({
    /** Runs dispatched, running or paused now. */
    running: z.number().int(),
    /** Runs planned for today not started yet, plus the schedules' fires still to come today. */
    dueToday: z.number().int(),
    /** Runs finished today. */
    doneToday: z.number().int(),
    /** Runs failed or missed today. */
    failedToday: z.number().int(),
  }),
  alarms: z.object({
    /** Alarms reported today, by kind and status. */
    today: z.array(z.object({ kind: z.enum(alarmKinds), status: z.enum(alarmStatuses), count: z.number().int() })),
    /** Alarms still being disposed, whenever reported. */
    openTotal: z.number().int(),
  }),
  workOrders: z.object({
    /** Not processed yet. */
    open: z.number().int(),
    /** Open and past their deadline. */
    overdue: z.number().int(),
    byStatus: z.object({ draft: z.number().int(), pending: z.number().int(), processing: z.number().int() }),
  }),
  /** The tenant's time zone the days were cut in. */
  timeZone: z.string(),
  /** The tenant's today, `YYYY-MM-DD`. */
  today: z.string(),
  /** ISO instant the figures were read. */
  generatedAt: z.string(),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

// ---------------------------------------------------------------------------------------------
// GET dashboard-server/dashboards/mine: the home page's lists
// ---------------------------------------------------------------------------------------------

export const dashboardMineAlarm = z.object({
  alarmId: z.number().int(),
  kind: z.enum(alarmKinds),
  robotId: z.number().int(),
  /** Null when the robot was deleted. */
  robotName: z.string().nullable(),
  msg: z.string(),
  /** ISO instant the robot reported it. */
  reportedAt: z.string(),
  status: z.enum(alarmStatuses),
});
export type DashboardMineAlarm = z.infer<typeof dashboardMineAlarm>;

export const dashboardMineWorkOrder = z.object({
  workOrderId: z.number().int(),
  number: z.string(),
  status: z.enum(workOrderStatuses),
  urgency: z.enum(urgencyLevels),
  robotName: z.string(),
  /** ISO instant. */
  deadline: z.string(),
  overdue: z.boolean(),
});
export type DashboardMineWorkOrder = z.infer<typeof dashboardMineWorkOrder>;

/**
 * The tenant's newest alarms still being disposed, and the caller's open work orders (assigned to
 * them or created by them, not processed), `mineRows` of each, nearest deadline first; `total`
 * counts them all.
 */
export const dashboardMine = z.object({
  alarms: z.object({ total: z.number().int(), rows: z.array(dashboardMineAlarm) }),
  workOrders: z.object({ total: z.number().int(), rows: z.array(dashboardMineWorkOrder) }),
});
export type DashboardMine = z.infer<typeof dashboardMine>;

// ---------------------------------------------------------------------------------------------
// GET dashboard-server/dashboards/trends: day by day (trend window, overview)
// ---------------------------------------------------------------------------------------------

/** `from` and `to` are days of the tenant, both counted, at most `rangeDaysMax` of them. */
export const dashboardTrendsQuery = z
  .object({ from: dayField.optional(), to: dayField.optional(), robotIds: robotIdList })
  .superRefine(rangeChecked);
export type DashboardTrendsQuery = z.input<typeof dashboardTrendsQuery>;

export const dashboardTrends = z.object({
  /** Every day of the range, in order; the series below leave out days with nothing. */
  days: z.array(z.string()),
  /** Alarms reported, by day and kind. */
  alarms: z.array(z.object({ day: z.string(), kind: z.enum(alarmKinds), count: z.number().int() })),
  /** Runs that ended (finished, failed or missed) or were skipped, by the day they were planned. */
  runs: z.array(
    z.object({ day: z.string(), done: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
  ),
  /** Metres patrolled, by day. */
  distance: z.array(z.object({ day: z.string(), distanceM: z.number() })),
  /**
   * Each robot of the tenant (the named ones, or all): seconds online in the range and their share
   * of the range's seconds so far (0 to 1).
   */
  uptime: z.array(
    z.object({ robotId: z.number().int(), robotName: z.string(), onlineS: z.number().int(), ratio: z.number() }),
  ),
  /** Work orders opened and processed, by day. */
  workOrders: z.array(z.object({ day: z.string(), opened: z.number().int(), closed: z.number().int() })),
  /** The range answered (the one asked, or the tenant's last days), and the tenant's today. */
  from: z.string(),
  to: z.string(),
  today: z.string(),
  timeZone: z.string(),
});
export type DashboardTrends = z.infer<typeof dashboardTrends>;

// ---------------------------------------------------------------------------------------------
// GET dashboard-server/dashboards/abnormal: the alarm portrait (trend window, portrait data)
// ---------------------------------------------------------------------------------------------

export const dashboardAbnormalQuery = z
  .object({
    from: dayField.optional(),
    to: dayField.optional(),
    kind: z.enum(alarmKinds, { error: 'validation.invalid' }).optional(),
    robotId: rowId.optional(),
  })
  .superRefine(rangeChecked);
export type DashboardAbnormalQuery = z.input<typeof dashboardAbnormalQuery>;

export const dashboardAbnormal = z.object({
  /** Alarms in the range (of the kind and robot). */
  total: z.number().int(),
  /**
   * Where: cells of `cellDeg` degrees, each at its centre with its count, the busiest
   * `placesMax` of them; alarms without a position are left out.
   */
  places: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int() })),
  /** When: weekday (0 Monday .. 6 Sunday) by hour (0..23) of the tenant's clock; empty cells left out. */
  hours: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
  byKind: z.array(z.object({ kind: z.enum(alarmKinds), count: z.number().int() })),
  /** Busiest first; a deleted robot keeps its id and has an empty name. */
  byRobot: z.array(z.object({ robotId: z.number().int(), robotName: z.string(), count: z.number().int() })),
  /** The range answered (the one asked, or the tenant's last days), and the tenant's today. */
  from: z.string(),
  to: z.string(),
  today: z.string(),
  timeZone: z.string(),
});
export type DashboardAbnormal = z.infer<typeof dashboardAbnormal>;

Object.assign(messageParams, {
  'dashboards.rangeTooLong': { max: DASHBOARD_LIMITS.rangeDaysMax },
  'dashboards.robotIdsTooMany': { max: DASHBOARD_LIMITS.robotIdsMax },
});
