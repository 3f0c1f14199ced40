import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { INT4_MAX, keywordFilter, rowId, statusValue } from './fields.js';

/**
 * Schedules (spec section 3: task, robot (optional), priority, execution method, execution times
 * (unlimited or limited), execution time, dates, weekdays, day and month ranges, status), and the
 * one rule that says when a schedule runs: `nextRunTimes`, used by the console's form and by the
 * server's scheduler alike. Times are wall-clock times in the tenant's time zone.
 */
export const scheduleMethods = ['immediate', 'once', 'repeat'] as const;
export type ScheduleMethod = (typeof scheduleMethods)[number];

/** Priority 1 is the highest, 9 the lowest; a new schedule gets 5. */
export const SCHEDULE_PRIORITY = { min: 1, max: 9, default: 5 } as const;
/** The largest limited count of runs. */
export const SCHEDULE_TIMES_MAX = 10_000;
/** At most this many specific dates on a schedule. */
export const SCHEDULE_DATES_MAX = 100;
/** How many run times the form shows. */
export const SCHEDULE_PREVIEW_COUNT = 5;
/** The time zone of a tenant that has not chosen one. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** What happened at a schedule's last planned time. */
export const scheduleOutcomes = ['dispatched', 'skipped', 'missed'] as const;
export type ScheduleOutcome = (typeof scheduleOutcomes)[number];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `yyyy-MM-dd` that exists. */
export const isCalendarDate = (text: string) => ISO_DATE.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;

/** An IANA time zone name this runtime knows (`Asia/Shanghai`, `Europe/Berlin`). */
export const isTimeZone = (text: string) => IANAZone.isValidZone(text);

/** A tenant's time zone: an IANA name. */
export const timeZoneName = z
  .string({ error: 'schedules.timeZoneInvalid' })
  .trim()
  .min(1, 'schedules.timeZoneInvalid')
  .max(64, 'schedules.timeZoneInvalid')
  .refine(isTimeZone, 'schedules.timeZoneInvalid');

/** Every IANA zone the runtime offers, for the tenant form's select. */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return names.includes(DEFAULT_TIME_ZONE) ? names : [DEFAULT_TIME_ZONE, ...names];
}

const day = z
  .number({ error: 'schedules.dayRequired' })
  .int('schedules.dayInvalid')
  .min(1, 'schedules.dayInvalid')
  .max(31, 'schedules.dayInvalid');
const month = z
  .number({ error: 'schedules.monthRequired' })
  .int('schedules.monthInvalid')
  .min(1, 'schedules.monthInvalid')
  .max(12, 'schedules.monthInvalid');

/**
 * The fields of a schedule as the form and the API carry them. Which ones count depends on the
 * method (`checkScheduleRules`): `immediate` needs a robot and nothing else; `once` a time and one
 * date; `repeat` a time, the day range and the month range, and optionally weekdays and dates.
 */
const scheduleShape = {
  taskId: z
    .number({ error: 'schedules.taskRequired' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(INT4_MAX, 'validation.outOfRange'),
  /** The robot that runs it; without one the task's station chooses when the run starts. */
  robotId: rowId.nullable().optional(),
  priority: z
    .number({ error: 'schedules.priorityRequired' })
    .int('schedules.priorityInvalid')
    .min(SCHEDULE_PRIORITY.min, 'schedules.priorityInvalid')
    .max(SCHEDULE_PRIORITY.max, 'schedules.priorityInvalid'),
  method: z.enum(scheduleMethods, { error: 'schedules.methodRequired' }),
  /** How many runs in all: null for unlimited (required: the form asks unlimited or N). */
  times: z
    .number({ error: 'schedules.timesRequired' })
    .int('schedules.timesInvalid')
    .min(1, 'schedules.timesInvalid')
    .max(SCHEDULE_TIMES_MAX, 'schedules.timesInvalid')
    .nullable(),
  /** `HH:mm` in the tenant's zone; null for immediate. */
  timeOfDay: z.string().regex(TIME_OF_DAY, 'schedules.timeInvalid').nullable().optional(),
  /** `yyyy-MM-dd`: the date of a `once`; for `repeat` the only dates it runs on (none: every day that matches). */
  dates: z
    .array(z.string().refine(isCalendarDate, 'schedules.dateInvalid'))
    .max(SCHEDULE_DATES_MAX, 'schedules.datesTooMany')
    .optional()
    .default([]),
  /** ISO weekdays, 1 Monday … 7 Sunday; none: every weekday. */
  weekdays: z
    .array(
      z.number().int('schedules.weekdayInvalid').min(1, 'schedules.weekdayInvalid').max(7, 'schedules.weekdayInvalid'),
    )
    .max(7, 'schedules.weekdayInvalid')
    .optional()
    .default([]),
  startDay: day.nullable().optional(),
  endDay: day.nullable().optional(),
  startMonth: month.nullable().optional(),
  endMonth: month.nullable().optional(),
};

export type ScheduleFields = {
  method: ScheduleMethod;
  times: number | null;
  timeOfDay?: string | null | undefined;
  dates?: string[] | undefined;
  weekdays?: number[] | undefined;
  startDay?: number | null | undefined;
  endDay?: number | null | undefined;
  startMonth?: number | null | undefined;
  endMonth?: number | null | undefined;
  robotId?: number | null | undefined;
};

/**
 * Spec section 5: task, execution method, times, start and end day or month, and time required;
 * start day must not exceed end day, same for month; a robot is required for immediate execution.
 */
export function checkScheduleRules(v: ScheduleFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const has = (n: unknown): n is number => typeof n === 'number';
  if (v.method === 'immediate') {
    if (v.robotId == null) issue('robotId', 'schedules.robotRequired');
    return;
  }
  if (!v.timeOfDay) issue('timeOfDay', 'schedules.timeRequired');
  if (v.method === 'once') {
    if (!v.dates || v.dates.length === 0) issue('dates', 'schedules.dateRequired');
    else if (Array.isArray(v.dates) && v.dates.length > 1) issue('dates', 'schedules.onceOneDate');
    return;
  }
  if (v.startDay == null) issue('startDay', 'schedules.dayRequired');
  if (v.endDay == null) issue('endDay', 'schedules.dayRequired');
  if (has(v.startDay) && has(v.endDay) && v.startDay > v.endDay) issue('endDay', 'schedules.dayOrder');
  if (v.startMonth == null) issue('startMonth', 'schedules.monthRequired');
  if (v.endMonth == null) issue('endMonth', 'schedules.monthRequired');
  if (has(v.startMonth) && has(v.endMonth) && v.startMonth > v.endMonth) {
    issue('endMonth', 'schedules.monthOrder');
  }
}

/** The rules run even when a field failed its own check, so one answer lists every problem. */
const ALL_RULES = { when: () => true };

/** The form and the create body: a new schedule is enabled unless `status` says 0. */
export const scheduleForm = z.object(scheduleShape).superRefine(checkScheduleRules, ALL_RULES);
/** A schedule's fields once checked (what the server works with). */
export type ScheduleValuesInput = z.infer<typeof scheduleForm>;
export const createScheduleRequest = z
  .object({ ...scheduleShape, status: statusValue.optional() })
  .superRefine(checkScheduleRules, ALL_RULES);
export type CreateScheduleRequest = z.input<typeof createScheduleRequest>;
/** POST task-server/schedule/update: a changed schedule counts its runs afresh. */
export const updateScheduleRequest = z
  .object({ scheduleId: rowId, ...scheduleShape })
  .superRefine(checkScheduleRules, ALL_RULES);
export type UpdateScheduleRequest = z.input<typeof updateScheduleRequest>;
export const scheduleIdRequest = z.object({ scheduleId: rowId });
/** POST task-server/schedule/status: 1 enable (an immediate one runs at once), 0 disable; the console asks to confirm. */
export const scheduleStatusRequest = z.object({ scheduleId: rowId, status: statusValue });

export const SCHEDULE_SORT_COLUMNS = ['priority', 'nextRunTime', 'updateTime'] as const;
export type ScheduleSortColumn = (typeof SCHEDULE_SORT_COLUMNS)[number];
/** GET task-server/schedule/page */
export const schedulePageQuery = pageQuery.extend({
  keyword: keywordFilter,
  method: z.enum(scheduleMethods).optional(),
  status: z.coerce.number().pipe(statusValue).optional(),
  ...sortQuery(SCHEDULE_SORT_COLUMNS),
});

export const scheduleRow = z.object({
  scheduleId: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  robotId: z.number().int().nullable(),
  robotName: z.string().nullable(),
  priority: z.number().int(),
  method: z.enum(scheduleMethods),
  times: z.number().int().nullable(),
  timeOfDay: z.string().nullable(),
  dates: z.array(z.string()),
  weekdays: z.array(z.number().int()),
  startDay: z.number().int().nullable(),
  endDay: z.number().int().nullable(),
  startMonth: z.number().int().nullable(),
  endMonth: z.number().int().nullable(),
  status: statusValue,
  /** Enabled, with no run left (its times used up, its date passed, an immediate one ran). */
  finished: z.boolean(),
  /** ISO instant of the next run; null when disabled or finished. */
  nextRunTime: z.string().nullable(),
  /** The zone its times are read in (the tenant's). */
  timeZone: z.string(),
  dispatchCount: z.number().int(),
  lastPlannedTime: z.string().nullable(),
  lastOutcome: z.enum(scheduleOutcomes).nullable(),
  /** The message key of why the last planned run was skipped. */
  lastReason: z.string().nullable(),
  lastRunId: z.number().int().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
export const schedulePage = pageOf(scheduleRow);

/** GET task-server/schedule/zone: the zone the tenant's schedules are read in. */
export const scheduleZone = z.object({ timeZone: z.string() });

/** The days searched ahead for a run: covers a 29 February among the dates. */
const SEARCH_DAYS = 366 * 8;

const matchesDay = (s: ScheduleFields, d: DateTime, dates: Set<string> | null) => {
  if (dates && !dates.has(d.toISODate()!)) return false;
  if (s.method === 'once') return true;
  if (s.weekdays && s.weekdays.length > 0 && !s.weekdays.includes(d.weekday)) return false;
  if (s.startMonth != null && d.month < s.startMonth) return false;
  if (s.endMonth != null && d.month > s.endMonth) return false;
  if (s.startDay != null && d.day < s.startDay) return false;
  if (s.endDay != null && d.day > s.endDay) return false;
  return true;
};

/**
 * The instant a wall-clock time of one day falls on in a zone. A time that does not exist that
 * day (the hour skipped when clocks go forward) runs at the first minute that exists after it; a
 * time that happens twice (clocks go back) runs once, at the first.
 */
export function wallClockInstant(date: string, timeOfDay: string, timeZone: string): Date {
  const [hour, minute] = timeOfDay.split(':').map(Number) as [number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const zone = IANAZone.create(timeZone);
  const HOUR = 3_600_000;
  for (let shift = 0; shift <= 24 * 60; shift += 1) {
    const wanted = DateTime.fromObject({ year: y, month: m, day: d, hour, minute }, { zone: 'UTC' }).plus({
      minutes: shift,
    });
    // The wall clock read as UTC, less each offset the zone has around then, gives the candidates.
    const approx = wanted.toMillis() - zone.offset(wanted.toMillis()) * 60_000;
    const offsets = [-6, -3, 0, 3, 6].map((h) => zone.offset(approx + h * HOUR));
    const candidates = [...new Set(offsets)]
      .map((offset) => wanted.toMillis() - offset * 60_000)
      .filter((instant) => {
        const local = DateTime.fromMillis(instant, { zone: timeZone });
        return (
          local.year === wanted.year &&
          local.month === wanted.month &&
          local.day === wanted.day &&
          local.hour === wanted.hour &&
          local.minute === wanted.minute
        );
      });
    if (candidates.length > 0) return new Date(Math.min(...candidates));
  }
  throw new Error(`No instant for ${date} ${timeOfDay} in ${timeZone}`);
}

/**
 * The next `count` run times of a schedule strictly after `from`, in the zone `timeZone`, at most
 * as many as it has runs left (`times` less `dispatchCount`). An immediate schedule has none: it
 * runs when it is created or enabled.
 */
export function nextRunTimes(
  schedule: ScheduleFields & { dispatchCount?: number | undefined },
  from: Date,
  timeZone: string,
  count = SCHEDULE_PREVIEW_COUNT,
): Date[] {
  if (schedule.method === 'immediate' || !schedule.timeOfDay || !isTimeZone(timeZone)) return [];
  const left = schedule.times == null ? count : Math.max(0, schedule.times - (schedule.dispatchCount ?? 0));
  const wanted = Math.min(count, schedule.method === 'once' ? Math.min(left, 1) : left);
  if (wanted <= 0) return [];
  const dates = schedule.dates && schedule.dates.length > 0 ? new Set(schedule.dates) : null;
  if (schedule.method === 'once' && !dates) return [];
  const out: Date[] = [];
  // The day before `from` too: its time may fall after `from` in another offset.
  let d = DateTime.fromJSDate(from, { zone: timeZone }).startOf('day').minus({ days: 1 });
  const lastDate = dates ? [...dates].sort().at(-1)! : null;
  for (let i = 0; i < SEARCH_DAYS && out.length < wanted; i += 1, d = d.plus({ days: 1 })) {
    const iso = d.toISODate()!;
    if (lastDate && iso > lastDate) break;
    if (!matchesDay(schedule, d, dates)) continue;
    const at = wallClockInstant(iso, schedule.timeOfDay, timeZone);
    if (at.getTime() > from.getTime()) out.push(at);
  }
  return out;
}
