import {
  SCHEDULE_PRIORITY,
  SCHEDULE_PREVIEW_COUNT,
  nextRunTimes,
  scheduleForm,
  type CreateScheduleRequest,
  type ScheduleMethod,
  type ScheduleRow,
} from '@patrol/contracts';

/** The schedule dialog's values: the contract's fields, and whether the runs are limited. */
export type ScheduleFormValues = {
  taskId?: number;
  robotId?: number | null;
  priority: number;
  method: ScheduleMethod;
  timesMode: 'unlimited' | 'limited';
  times?: number | null;
  timeOfDay?: string | null;
  dates: string[];
  weekdays: number[];
  startDay?: number | null;
  endDay?: number | null;
  startMonth?: number | null;
  endMonth?: number | null;
};

export const NEW_SCHEDULE: ScheduleFormValues = {
  priority: SCHEDULE_PRIORITY.default,
  method: 'repeat',
  timesMode: 'unlimited',
  times: null,
  timeOfDay: null,
  dates: [],
  weekdays: [],
  startDay: 1,
  endDay: 31,
  startMonth: 1,
  endMonth: 12,
};

export function valuesOfRow(row: ScheduleRow): ScheduleFormValues {
  return {
    taskId: row.taskId,
    robotId: row.robotId,
    priority: row.priority,
    method: row.method,
    timesMode: row.times === null ? 'unlimited' : 'limited',
    times: row.times,
    timeOfDay: row.timeOfDay,
    dates: row.dates,
    weekdays: row.weekdays,
    startDay: row.startDay ?? 1,
    endDay: row.endDay ?? 31,
    startMonth: row.startMonth ?? 1,
    endMonth: row.endMonth ?? 12,
  };
}

/**
 * What the API is sent: only the fields the method uses. Unlimited runs are `times: null`; a
 * one-time or immediate schedule runs once.
 */
export function requestOf(values: Partial<ScheduleFormValues>): Omit<CreateScheduleRequest, 'status'> {
  const method = values.method ?? 'repeat';
  const repeat = method === 'repeat';
  const calendar = method !== 'immediate';
  return {
    taskId: values.taskId as number,
    robotId: values.robotId ?? null,
    priority: values.priority ?? SCHEDULE_PRIORITY.default,
    method,
    times: repeat ? (values.timesMode === 'limited' ? (values.times as number) : null) : 1,
    timeOfDay: calendar ? (values.timeOfDay ?? null) : null,
    dates: calendar ? (values.dates ?? []) : [],
    weekdays: repeat ? (values.weekdays ?? []) : [],
    startDay: repeat ? (values.startDay ?? null) : null,
    endDay: repeat ? (values.endDay ?? null) : null,
    startMonth: repeat ? (values.startMonth ?? null) : null,
    endMonth: repeat ? (values.endMonth ?? null) : null,
  };
}

export type RunPreview =
  | { kind: 'incomplete' }
  | { kind: 'immediate' }
  | { kind: 'none' }
  | { kind: 'times'; times: Date[] };

/** The next five run times of what the form holds (the same function the server fires by). */
export function previewRuns(values: Partial<ScheduleFormValues>, now: Date, timeZone: string): RunPreview {
  if (values.method === 'immediate') return { kind: 'immediate' };
  const request = requestOf(values);
  // The task is not needed to know when it runs.
  const parsed = scheduleForm.safeParse({ ...request, taskId: request.taskId ?? 1 });
  if (!parsed.success) return { kind: 'incomplete' };
  if (parsed.data.method === 'immediate') return { kind: 'immediate' };
  const times = nextRunTimes(parsed.data, now, timeZone, SCHEDULE_PREVIEW_COUNT);
  return times.length ? { kind: 'times', times } : { kind: 'none' };
}
