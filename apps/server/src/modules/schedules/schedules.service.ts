import {
  DEFAULT_TIME_ZONE,
  nextRunTimes,
  type ScheduleValuesInput,
  type Page,
  type ScheduleMethod,
  type ScheduleRow,
  type ScheduleSortColumn,
  type SortRequest,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { findTenantRobots } from '../robots/robots.shared.js';
import { inScope, robotScope } from '../user-robots/user-robots.scope.js';
import {
  deleteSchedule,
  findSchedule,
  findTenantTask,
  insertSchedule,
  pageSchedules,
  setScheduleStatus,
  tenantZone,
  updateSchedule,
  type ScheduleJoined,
  type ScheduleValues,
} from './schedules.repository.js';

export function toScheduleRow(row: ScheduleJoined): ScheduleRow {
  return {
    scheduleId: row.id,
    taskId: row.taskId,
    taskName: row.taskName,
    robotId: row.robotId,
    robotName: row.robotName,
    priority: row.priority,
    method: row.method,
    times: row.times,
    timeOfDay: row.timeOfDay,
    dates: row.dates,
    weekdays: row.weekdays,
    startDay: row.startDay,
    endDay: row.endDay,
    startMonth: row.startMonth,
    endMonth: row.endMonth,
    status: row.status === 1 ? 1 : 0,
    finished: row.status === 1 && row.nextRunAt === null,
    nextRunTime: row.nextRunAt?.toISOString() ?? null,
    timeZone: row.tenantZone,
    dispatchCount: row.dispatchCount,
    lastPlannedTime: row.lastPlannedAt?.toISOString() ?? null,
    lastOutcome: row.lastOutcome,
    lastReason: row.lastReason,
    lastRunId: row.lastRunId,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

type ScheduleInput = ScheduleValuesInput;

/** Only the fields its method uses are kept: an immediate schedule stores no calendar, a once no range. */
function valuesOf(input: ScheduleInput): ScheduleValues {
  const method = input.method as ScheduleMethod;
  const calendar = method !== 'immediate';
  const ranges = method === 'repeat';
  return {
    taskId: input.taskId,
    robotId: input.robotId ?? null,
    priority: input.priority,
    method,
    times: method === 'repeat' ? input.times : 1,
    timeOfDay: calendar ? (input.timeOfDay ?? null) : null,
    dates: calendar ? [...new Set(input.dates ?? [])].sort() : [],
    weekdays: ranges ? [...new Set(input.weekdays ?? [])].sort() : [],
    startDay: ranges ? (input.startDay ?? null) : null,
    endDay: ranges ? (input.endDay ?? null) : null,
    startMonth: ranges ? (input.startMonth ?? null) : null,
    endMonth: ranges ? (input.endMonth ?? null) : null,
  };
}

/**
 * Schedules of a tenant: when which task runs on which robot. The next run is computed here from
 * the row whenever it changes (and by the scheduler whenever it fires), in the tenant's zone.
 * `poke` tells the scheduler that something is due now (an immediate schedule).
 */
export function createSchedulesService(ctx: AppContext, deps: { poke: () => void; now?: () => Date }) {
  const { db } = ctx;
  const now = deps.now ?? (() => new Date());

  async function scheduleOf(caller: AuthContext, scheduleId: number) {
    const row = await findSchedule(db, caller.tenantId, scheduleId);
    if (!row) throw notFound('schedules.notFound');
    return row;
  }

  async function zoneOf(caller: AuthContext) {
    return (await tenantZone(db, caller.tenantId)) ?? DEFAULT_TIME_ZONE;
  }

  /** The task and the robot must be the tenant's (the robot one the caller sees): 404 otherwise. */
  async function checkRefs(caller: AuthContext, values: ScheduleValues) {
    if (!(await findTenantTask(db, caller.tenantId, values.taskId))) throw notFound('tasks.notFound');
    if (values.robotId !== null) {
      const [robot] = await findTenantRobots(db, caller.tenantId, [values.robotId]);
      if (!robot || !inScope(await robotScope(db, caller), robot.id)) throw notFound('robots.notFound');
    }
  }

  /** The first run of an enabled schedule: now for an immediate one; 422 when it would never run. */
  function firstRun(values: ScheduleValues, zone: string, dispatchCount = 0): Date | null {
    if (values.method === 'immediate') return now();
    const [next] = nextRunTimes({ ...values, dispatchCount }, now(), zone, 1);
    if (!next) {
      const path = values.method === 'once' ? 'dates' : 'timeOfDay';
      throw new AppError(422, 'schedules.neverRuns', undefined, [{ path, key: 'schedules.neverRuns' }]);
    }
    return next;
  }

  async function page(
    caller: AuthContext,
    query: {
      index: number;
      size?: number | undefined;
      keyword?: string | undefined;
      method?: ScheduleMethod | undefined;
      status?: 0 | 1 | undefined;
    } & SortRequest<ScheduleSortColumn>,
  ): Promise<Page<ScheduleRow>> {
    const { rows, total } = await pageSchedules(db, caller.tenantId, query, query, pageWindow(query));
    return { rows: rows.map(toScheduleRow), total };
  }

  async function zone(caller: AuthContext) {
    return { timeZone: await zoneOf(caller) };
  }

  async function create(
    caller: AuthContext,
    input: ScheduleInput & { status?: 0 | 1 | undefined },
  ): Promise<ScheduleRow> {
    const values = valuesOf(input);
    await checkRefs(caller, values);
    const status = input.status ?? 1;
    const timeZone = await zoneOf(caller);
    const nextRunAt = status === 1 ? firstRun(values, timeZone) : null;
    const made = await insertSchedule(db, caller.tenantId, { ...values, status, nextRunAt, timeZone });
    if (values.method === 'immediate' && status === 1) deps.poke();
    return toScheduleRow(await scheduleOf(caller, made.id));
  }

  async function update(caller: AuthContext, input: ScheduleInput & { scheduleId: number }): Promise<ScheduleRow> {
    const current = await scheduleOf(caller, input.scheduleId);
    const values = valuesOf(input);
    await checkRefs(caller, values);
    const timeZone = await zoneOf(caller);
    const nextRunAt = current.status === 1 ? firstRun(values, timeZone) : null;
    if (!(await updateSchedule(db, caller.tenantId, input.scheduleId, { ...values, nextRunAt, timeZone }))) {
      throw notFound('schedules.notFound');
    }
    if (values.method === 'immediate' && current.status === 1) deps.poke();
    return toScheduleRow(await scheduleOf(caller, input.scheduleId));
  }

  /**
   * Enabling computes the next run from now (an immediate schedule runs at once); a finished one
   * starts its count of runs again. Disabling clears the next run.
   */
  async function setStatus(caller: AuthContext, input: { scheduleId: number; status: 0 | 1 }): Promise<ScheduleRow> {
    const current = await scheduleOf(caller, input.scheduleId);
    const timeZone = await zoneOf(caller);
    if (input.status === 0) {
      await setScheduleStatus(db, caller.tenantId, input.scheduleId, { status: 0, nextRunAt: null, timeZone });
    } else {
      const used = current.times !== null && current.dispatchCount >= current.times;
      const finished = current.status === 1 && current.nextRunAt === null;
      const restart = used || finished || current.method !== 'repeat';
      const dispatchCount = restart ? 0 : current.dispatchCount;
      const nextRunAt = firstRun(current, timeZone, dispatchCount);
      await setScheduleStatus(db, caller.tenantId, input.scheduleId, { status: 1, nextRunAt, timeZone, dispatchCount });
      if (current.method === 'immediate') deps.poke();
    }
    return toScheduleRow(await scheduleOf(caller, input.scheduleId));
  }

  async function remove(caller: AuthContext, scheduleId: number) {
    if (!(await deleteSchedule(db, caller.tenantId, scheduleId))) throw notFound('schedules.notFound');
  }

  return { page, zone, create, update, setStatus, remove };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
