import type { FastifyBaseLogger } from 'fastify';
import {
  RUN_ACTIVE_STATUSES,
  RUN_MIN_BATTERY,
  RUN_REASON_RETURNED_TO_BASE,
  RUN_START_TIMEOUT_MS,
  robotCommandReply,
  robotRunReport,
  type Page,
  type RobotRunReport,
  type RunDetail,
  type RunProgress,
  type RunReason,
  type RunRow,
  type RunSource,
  type RunStatus,
  type RunStepRow,
  type RunTaskArgs,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { inOrderBy } from '../../platform/in-order.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { pageWindow } from '../../platform/paging.js';
import type { AlarmsService } from '../alarms/alarms.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import { findRobot, findRobotsByIds, robotIdsOfStation, type RobotDbRow } from '../robots/robots.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  countSteps,
  expireUnstarted,
  findActiveRunOfRobot,
  findRun,
  findRunForReport,
  findTaskWithJobs,
  insertRun,
  insertStepOnce,
  isRobotHeld,
  listSteps,
  pageRuns,
  updateRunIf,
  type RunDbRow,
  type RunFilter,
  type RunStepDbRow,
} from './runs.repository.js';

/** How often dispatched runs are checked for a robot that never started. */
export const RUN_EXPIRY_SWEEP_MS = 5000;

/** What the schedules ask: run a task (on a robot, or on the best one of the task's station). */
export type StartRunInput = {
  tenantId: number;
  taskId: number;
  /** null: the available robot of the task's station with the most battery. */
  robotId: number | null;
  scheduleId: number | null;
  plannedAt: Date;
  source: RunSource;
  /** Who started it (a manual start); the scheduler's runs have none. */
  operator?: { id: number | null; name: string | null } | undefined;
};
/** A run dispatched, or skipped with its reason (`runs.<reason>`, recorded as a skipped run). */
export type StartRunResult = { runId: number } | { skipped: string; runId: number };

const key = (reason: RunReason) => `runs.${reason}`;
const ENDED: readonly RunStatus[] = ['finished', 'failed', 'skipped', 'missed'];

function toRunRow(row: RunDbRow, now = Date.now()): RunRow {
  const end = row.endedAt?.getTime() ?? (RUN_ACTIVE_STATUSES.includes(row.status) ? now : null);
  return {
    runId: row.id,
    taskId: row.taskId,
    taskName: row.taskName,
    robotId: row.robotId,
    robotName: row.robotName,
    scheduleId: row.scheduleId,
    source: row.source,
    status: row.status,
    reason: row.reason,
    message: row.message,
    plannedTime: row.plannedAt.toISOString(),
    startTime: row.startedAt?.toISOString() ?? null,
    endTime: row.endedAt?.toISOString() ?? null,
    durationS: row.startedAt && end !== null ? Math.max(0, Math.round((end - row.startedAt.getTime()) / 1000)) : null,
    progress: row.progress,
  };
}

function toStepRow(row: RunStepDbRow): RunStepRow {
  return {
    step: row.step,
    job: row.job,
    node: row.node,
    round: row.round,
    reason: row.reason,
    lat: row.lat,
    lng: row.lng,
    time: row.at.toISOString(),
  };
}

const totalNodes = (task: RunTaskArgs['task'] | null) =>
  task?.jobs.reduce((sum, job) => sum + job.rounds * job.nodes.length, 0) ?? 0;

/**
 * Runs of tasks on robots: the checks before a dispatch (skip rules), the `runTask` command, the
 * robot's reports on `patrol/{serial}/run` (each stored once, so any instance may receive it), and
 * the expiry of runs a robot never started. The schedules module starts its runs through
 * `startRun` and records the fire times it missed with `recordMissed`.
 */
export function createRunsService(
  ctx: AppContext,
  deps: {
    monitoring: Pick<MonitoringService, 'robotIn' | 'resolveSerial'>;
    commands: Pick<CommandsService, 'dispatch' | 'ofRobotBetween'>;
    alarms: Pick<AlarmsService, 'ofRobotBetween'>;
    gateway: MqttGateway;
    log: FastifyBaseLogger;
  },
) {
  const { db } = ctx;
  let sweep: NodeJS.Timeout | undefined;

  /** Why this robot cannot take a task of this station now, or null when it can. */
  async function refusal(
    tenantId: number,
    robot: RobotDbRow,
    stationId: number,
  ): Promise<{ reason: RunReason; params?: Record<string, number> } | null> {
    if (robot.stationId !== stationId) return { reason: 'robotNotInStation' };
    // An open work order took it out of service (work orders keep the flag).
    if (robot.stoppedForRepair) return { reason: 'stoppedForRepair' };
    const live = deps.monitoring.robotIn(tenantId, robot.id);
    if (!(live?.online ?? robot.online)) return { reason: 'robotOffline' };
    const state = live?.state ?? null;
    if (state && state.battery < RUN_MIN_BATTERY) return { reason: 'lowBattery', params: { min: RUN_MIN_BATTERY } };
    if (state?.mode === 'stopped' || (await isRobotHeld(db, tenantId, robot.id))) return { reason: 'fleetStopped' };
    if (state?.mode === 'patrolling' || state?.mode === 'returning') return { reason: 'robotBusy' };
    if (await findActiveRunOfRobot(db, tenantId, robot.id)) return { reason: 'robotBusy' };
    return null;
  }

  /** The available robot of the station with the most battery, or null. */
  async function pickRobot(tenantId: number, stationId: number): Promise<RobotDbRow | null> {
    const ids = await robotIdsOfStation(db, tenantId, stationId);
    const candidates: { robot: RobotDbRow; battery: number }[] = [];
    for (const robot of await findRobotsByIds(db, ids)) {
      if (robot.tenantId !== tenantId) continue;
      if (await refusal(tenantId, robot, stationId)) continue;
      candidates.push({ robot, battery: deps.monitoring.robotIn(tenantId, robot.id)?.state?.battery ?? 0 });
    }
    candidates.sort((a, b) => b.battery - a.battery || a.robot.id - b.robot.id);
    return candidates[0]?.robot ?? null;
  }

  async function recordSkipped(
    input: StartRunInput,
    taskName: string,
    robot: RobotDbRow | null,
    reason: RunReason,
  ): Promise<StartRunResult> {
    const row = await insertRun(db, {
      tenantId: input.tenantId,
      taskId: input.taskId,
      taskName,
      robotId: robot?.id ?? null,
      robotName: robot?.name ?? null,
      serialNumber: robot?.serialNumber ?? null,
      scheduleId: input.scheduleId,
      source: input.source,
      status: 'skipped',
      reason: key(reason),
      plannedAt: input.plannedAt,
      endedAt: new Date(),
    });
    return { skipped: key(reason), runId: row!.id };
  }

  /**
   * Starts a run: checks the task and the robot, records the run and sends `runTask`. A schedule's
   * run that cannot start is recorded as skipped with the reason; a manual one answers 409 with the
   * reason and records nothing. 404 when the task (or the robot) is not the tenant's.
   */
  async function startRun(input: StartRunInput): Promise<StartRunResult> {
    const manual = input.source === 'manual';
    const found = await findTaskWithJobs(db, input.tenantId, input.taskId);
    if (!found) throw notFound('tasks.notFound');
    const { task, jobs } = found;
    const skip = async (robot: RobotDbRow | null, reason: RunReason, params?: Record<string, number>) => {
      if (manual) throw new AppError(409, key(reason), params);
      return recordSkipped(input, task.name, robot, reason);
    };
    if (task.status !== 1) return skip(null, 'taskDisabled');

    let robot: RobotDbRow | null = null;
    if (input.robotId !== null) {
      robot = (await findRobot(db, input.tenantId, input.robotId)) ?? null;
      if (!robot) {
        if (manual) throw notFound('robots.notFound');
        return skip(null, 'noRobotAvailable');
      }
      const refused = await refusal(input.tenantId, robot, task.stationId);
      if (refused) return skip(robot, refused.reason, refused.params);
    } else {
      robot = await pickRobot(input.tenantId, task.stationId);
      if (!robot) return skip(null, 'noRobotAvailable');
    }

    const payload: RunTaskArgs['task'] = {
      taskId: task.id,
      name: task.name,
      jobs: jobs.map((job) => ({
        jobId: job.id,
        name: job.name,
        rounds: job.rounds,
        trigger: { name: job.triggerName, type: job.triggerType },
        action: { name: job.actionName, type: job.actionType },
        speakerData: job.speakerData,
        nodes: job.nodes.map(({ lng, lat, mode, type, guide }) => ({ lng, lat, mode, type, guide })),
      })),
    };
    const now = new Date();
    const run = await insertRun(db, {
      tenantId: input.tenantId,
      taskId: task.id,
      taskName: task.name,
      robotId: robot.id,
      robotName: robot.name,
      serialNumber: robot.serialNumber,
      scheduleId: input.scheduleId,
      source: input.source,
      status: 'dispatched',
      task: payload,
      progress: { job: 0, round: 1, node: -1, reached: 0, total: totalNodes(payload) },
      plannedAt: input.plannedAt,
      dispatchedAt: now,
    });
    // Another start took the robot between the checks and the insert (another instance, a schedule).
    if (!run) return skip(robot, 'robotBusy');

    try {
      const command = await deps.commands.dispatch(
        input.tenantId,
        robot,
        { name: 'runTask', args: { runId: String(run.id), task: payload } },
        input.operator ?? { id: null, name: null },
      );
      await updateRunIf(db, run.id, ['dispatched'], { commandId: command.commandId });
    } catch (error) {
      deps.log.warn({ err: error, runId: run.id }, 'run not dispatched');
      const reason: RunReason = error instanceof AppError && error.status === 409 ? 'robotOffline' : 'dispatchFailed';
      await updateRunIf(db, run.id, ['dispatched'], { status: 'failed', reason: key(reason), endedAt: new Date() });
      if (manual) throw error instanceof AppError ? error : new AppError(503, key(reason));
    }
    return { runId: run.id };
  }

  /** Records a schedule's fire time that passed while no instance could dispatch it. */
  async function recordMissed(input: Omit<StartRunInput, 'source' | 'operator'>): Promise<{ runId: number }> {
    const found = await findTaskWithJobs(db, input.tenantId, input.taskId);
    if (!found) throw notFound('tasks.notFound');
    const robot = input.robotId === null ? undefined : await findRobot(db, input.tenantId, input.robotId);
    const row = await insertRun(db, {
      tenantId: input.tenantId,
      taskId: input.taskId,
      taskName: found.task.name,
      robotId: robot?.id ?? null,
      robotName: robot?.name ?? null,
      serialNumber: robot?.serialNumber ?? null,
      scheduleId: input.scheduleId,
      source: 'schedule',
      status: 'missed',
      reason: key('missed'),
      plannedAt: input.plannedAt,
      endedAt: new Date(),
    });
    return { runId: row!.id };
  }

  /** "Run now" from the execution records: the caller's tenant, a robot the caller may see. */
  async function start(caller: AuthContext, input: { taskId: number; robotId: number }): Promise<RunRow> {
    const robot = await findRobot(db, caller.tenantId, input.robotId);
    if (!robot || !inScope(await robotScope(db, caller), robot.id)) throw notFound('robots.notFound');
    const result = await startRun({
      tenantId: caller.tenantId,
      taskId: input.taskId,
      robotId: robot.id,
      scheduleId: null,
      plannedAt: new Date(),
      source: 'manual',
      operator: { id: caller.userId, name: caller.username },
    });
    const row = await findRun(db, caller.tenantId, result.runId);
    return toRunRow(row!);
  }

  /** How a step moves the run: the statuses it applies in and what it changes. */
  function transition(
    run: RunDbRow,
    report: RobotRunReport,
    at: Date,
    reached: number,
  ): { from: readonly RunStatus[]; patch: Partial<RunDbRow> } | null {
    const progress = (): RunProgress => ({
      job: report.job ?? run.progress?.job ?? 0,
      round: report.round ?? run.progress?.round ?? 1,
      node: report.node ?? run.progress?.node ?? -1,
      reached,
      total: run.progress?.total ?? totalNodes(run.task),
    });
    switch (report.step) {
      case 'started':
        return { from: ['dispatched'], patch: { status: 'running', startedAt: at } };
      case 'nodeReached':
      case 'actionDone':
      case 'roundFinished':
        return {
          from: RUN_ACTIVE_STATUSES,
          patch: {
            ...(run.status === 'dispatched' ? { status: 'running' as const, startedAt: at } : {}),
            progress: progress(),
          },
        };
      case 'paused':
        return { from: ['running'], patch: { status: 'paused' } };
      case 'resumed':
        return { from: ['paused'], patch: { status: 'running' } };
      case 'finished':
        return { from: RUN_ACTIVE_STATUSES, patch: { status: 'finished', endedAt: at, progress: progress() } };
      case 'failed': {
        const back = report.reason === RUN_REASON_RETURNED_TO_BASE;
        return {
          from: RUN_ACTIVE_STATUSES,
          patch: {
            status: 'failed',
            endedAt: at,
            reason: key(back ? 'returnedToBase' : 'robotFailed'),
            message: back ? null : (report.reason ?? ''),
          },
        };
      }
    }
  }

  async function onReport(serial: string, payload: unknown) {
    const parsed = robotRunReport.safeParse(payload);
    if (!parsed.success) {
      deps.log.warn({ serial }, 'run report dropped: invalid');
      return;
    }
    const report = parsed.data;
    const runId = /^[1-9][0-9]{0,9}$/.test(report.runId) ? Number(report.runId) : NaN;
    if (!Number.isSafeInteger(runId) || runId > 2_147_483_647) return;
    const robot = await deps.monitoring.resolveSerial(serial);
    const run = await findRunForReport(db, runId);
    // A robot reports only its own runs, and an ended run takes no more steps.
    if (!robot || !run || run.robotId !== robot.robot.robotId || ENDED.includes(run.status)) return;
    const at = new Date(report.ts);
    const step = await insertStepOnce(db, {
      runId: run.id,
      step: report.step,
      job: report.job ?? null,
      node: report.node ?? null,
      round: report.round ?? null,
      reason: report.reason ?? null,
      lat: report.position?.lat ?? null,
      lng: report.position?.lng ?? null,
      at,
      messageId: report.id,
    });
    if (!step) return; // Seen before (a repeat, or another instance has it).
    const reached = await countSteps(db, run.id, 'nodeReached');
    const change = transition(run, report, at, reached);
    if (change) await updateRunIf(db, run.id, change.from, change.patch);
  }

  /** A `runTask` the robot refused at once (busy, a fleet stop) fails its run without waiting. */
  async function onReply(serial: string, payload: unknown) {
    const parsed = robotCommandReply.safeParse(payload);
    if (!parsed.success || parsed.data.phase !== 'sync' || parsed.data.code === 0) return;
    const robot = await deps.monitoring.resolveSerial(serial);
    if (!robot) return;
    const run = await findActiveRunOfRobot(db, robot.tenantId, robot.robot.robotId);
    if (!run || run.commandId !== parsed.data.id) return;
    await updateRunIf(db, run.id, ['dispatched'], {
      status: 'failed',
      reason: key('robotFailed'),
      message: parsed.data.message ?? `code ${parsed.data.code}`,
      endedAt: new Date(),
    });
  }

  async function sweepUnstarted(now = new Date()) {
    const expired = await expireUnstarted(db, new Date(now.getTime() - RUN_START_TIMEOUT_MS), now);
    if (expired.length) deps.log.info({ runs: expired.map((r) => r.id) }, 'runs failed: no answer');
    return expired.length;
  }

  async function page(
    caller: AuthContext,
    query: RunFilter & { index: number; size?: number | undefined },
  ): Promise<Page<RunRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageRuns(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    const now = Date.now();
    return { rows: rows.map((row) => toRunRow(row, now)), total };
  }

  async function detail(caller: AuthContext, runId: number): Promise<RunDetail> {
    const run = await findRun(db, caller.tenantId, runId);
    if (!run || (run.robotId !== null && !inScope(await robotScope(db, caller), run.robotId))) {
      throw notFound('runs.notFound');
    }
    const from = run.dispatchedAt ?? run.startedAt;
    const to = run.endedAt ?? new Date();
    const [steps, alarms, commands] = await Promise.all([
      listSteps(db, run.id),
      run.robotId !== null && from ? deps.alarms.ofRobotBetween(caller.tenantId, run.robotId, from, to) : [],
      run.robotId !== null && from ? deps.commands.ofRobotBetween(caller.tenantId, run.robotId, from, to) : [],
    ]);
    return {
      ...toRunRow(run),
      jobs: (run.task?.jobs ?? []).map((job) => ({
        jobId: job.jobId,
        name: job.name,
        rounds: job.rounds,
        actionType: job.action.type,
        nodes: job.nodes.map((n) => ({ ...n, mode: n.mode as 0 | 1 | 2, type: n.type as 0 | 1 })),
      })),
      steps: steps.map(toStepRow),
      alarms,
      commands,
    };
  }

  /**
   * A robot's reports apply one after the other, in the order they arrived (MQTT keeps one client's
   * QoS 1 messages in order): a `finished` must not end the run before the `actionDone` sent just
   * before it is stored, which would refuse that step as coming after the end.
   */
  const reporting = inOrderBy(deps.log, 'run report failed');
  const onReportInOrder = (serial: string, payload: unknown) => reporting(serial, () => onReport(serial, payload));

  function startWorkers() {
    deps.gateway.on('run', onReportInOrder);
    deps.gateway.on('cmd/reply', onReply);
    sweep = setInterval(() => {
      sweepUnstarted().catch((error: unknown) => deps.log.error({ err: error }, 'run expiry failed'));
    }, RUN_EXPIRY_SWEEP_MS);
    sweep.unref();
  }

  function stopWorkers() {
    clearInterval(sweep);
  }

  return {
    startRun,
    recordMissed,
    start,
    page,
    detail,
    onReport: onReportInOrder,
    sweepUnstarted,
    startWorkers,
    stopWorkers,
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
