import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { rowId, timeFilterOf } from './fields.js';
import { alarmRow } from './alarms.js';
import { commandRecord } from './commands.js';
import { pathNode } from './jobs.js';
import { runStepNames } from './protocol.js';

/**
 * Runs (spec section 3, task execution): one dispatch of a task to a robot, by the scheduler or by
 * an operator ("run now"), with what the robot reported on the way.
 *
 * A run is `dispatched` when the `runTask` command leaves, `running` at the robot's `started`,
 * `paused` between `paused` and `resumed`, and ends `finished` or `failed` (with a reason). A run
 * that could not start is recorded `skipped` with the reason (schedules only: a manual start that
 * would be skipped answers 409 and records nothing); a schedule's fire time missed while the
 * console was down is `missed`.
 */
export const runSources = ['manual', 'schedule'] as const;
export type RunSource = (typeof runSources)[number];
export const runStatuses = ['dispatched', 'running', 'paused', 'finished', 'failed', 'skipped', 'missed'] as const;
export type RunStatus = (typeof runStatuses)[number];
/** Statuses of a run still going: its robot is busy. */
export const RUN_ACTIVE_STATUSES: readonly RunStatus[] = ['dispatched', 'running', 'paused'];

/** A robot below this battery percentage (charging or not) is not sent a task. */
export const RUN_MIN_BATTERY = 20;
/** A dispatched run whose robot has not reported `started` within this long fails (`runs.noAnswer`). */
export const RUN_START_TIMEOUT_MS = 60_000;

/**
 * Why a run was skipped or failed, as message keys `runs.<reason>`. The skip reasons are also the
 * 409 answers of a manual start.
 */
export const runReasons = [
  'robotOffline',
  'lowBattery',
  'fleetStopped',
  'robotBusy',
  'robotNotInStation',
  'stoppedForRepair',
  'noRobotAvailable',
  'taskDisabled',
  'noAnswer',
  'returnedToBase',
  'robotFailed',
  'dispatchFailed',
  'missed',
] as const;
export type RunReason = (typeof runReasons)[number];

/** POST task-server/run/start: run a task on a robot now. */
export const startRunRequest = z.object({
  taskId: rowId,
  robotId: rowId,
});
export type StartRunRequest = z.input<typeof startRunRequest>;

export const RUN_SORT_COLUMNS = ['plannedTime', 'startTime', 'endTime'] as const;
export type RunSortColumn = (typeof RUN_SORT_COLUMNS)[number];
const timeFilter = timeFilterOf();
/** GET task-server/run/page: runs planned in [startTime, endTime], newest first unless sorted. */
export const runPageQuery = pageQuery.extend({
  taskId: rowId.optional(),
  robotId: rowId.optional(),
  source: z.enum(runSources, { error: 'validation.invalid' }).optional(),
  status: z.enum(runStatuses, { error: 'validation.invalid' }).optional(),
  startTime: timeFilter,
  endTime: timeFilter,
  ...sortQuery(RUN_SORT_COLUMNS),
});

/** Where the run is: the job (0-based), its round (from 1) and the last node reached (0-based). */
export const runProgress = z.object({
  job: z.number().int(),
  round: z.number().int(),
  node: z.number().int(),
  /** Nodes reached so far, over the nodes of every round of every job. */
  reached: z.number().int(),
  total: z.number().int(),
});
export type RunProgress = z.infer<typeof runProgress>;

export const runRow = z.object({
  runId: z.number().int(),
  taskId: z.number().int().nullable(),
  taskName: z.string(),
  robotId: z.number().int().nullable(),
  robotName: z.string().nullable(),
  scheduleId: z.number().int().nullable(),
  source: z.enum(runSources),
  status: z.enum(runStatuses),
  /** Why it was skipped or failed: a message key `runs.<reason>`. */
  reason: z.string().nullable(),
  /** The robot's own words when it failed the run. */
  message: z.string().nullable(),
  plannedTime: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Seconds from start to end (or to now while going). */
  durationS: z.number().nullable(),
  progress: runProgress.nullable(),
});
export type RunRow = z.infer<typeof runRow>;
export const runPage = pageOf(runRow);

export const runIdQuery = z.object({ runId: rowId });

/** A reported step, as stored (once per message id). */
export const runStepRow = z.object({
  step: z.enum(runStepNames),
  job: z.number().int().nullable(),
  node: z.number().int().nullable(),
  round: z.number().int().nullable(),
  reason: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  time: z.string(),
});
export type RunStepRow = z.infer<typeof runStepRow>;

/** The jobs as dispatched (the path drawn on the detail's map). */
export const runJob = z.object({
  jobId: z.number().int(),
  name: z.string(),
  rounds: z.number().int(),
  actionType: z.string(),
  nodes: z.array(pathNode.pick({ lng: true, lat: true, mode: true, type: true, guide: true })),
});

/** GET task-server/run/detail: the run, its steps, the arrivals, and what happened to the robot meanwhile. */
export const runDetail = runRow.extend({
  jobs: z.array(runJob),
  steps: z.array(runStepRow),
  /** The alarms of the robot while the run went (start, or dispatch, to end or now). */
  alarms: z.array(alarmRow),
  /** The commands sent to the robot meanwhile (the `runTask` itself included). */
  commands: z.array(commandRecord),
});
export type RunDetail = z.infer<typeof runDetail>;
