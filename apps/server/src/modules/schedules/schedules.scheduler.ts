import { randomUUID } from 'node:crypto';
import { nextRunTimes } from '@patrol/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db.js';
import {
  claimPlanned,
  dueSchedules,
  recordOutcome,
  releaseLease,
  rezone,
  rezonedSchedules,
  takeLease,
  type ScheduleJoined,
} from './schedules.repository.js';

/**
 * What the scheduler hands a due schedule to: the runs of tasks on robots. `startRun` answers the
 * new run's id, or the message key of why it did not start (robot offline, charging, stopped by
 * the fleet stop, busy); `recordMissed` keeps a planned time nobody dispatched while it was due.
 */
export type ScheduleDispatcher = {
  startRun(input: {
    tenantId: number;
    taskId: number;
    robotId: number | null;
    scheduleId: number;
    plannedAt: Date;
    source: 'schedule';
  }): Promise<{ runId: number } | { skipped: string }>;
  recordMissed(input: {
    tenantId: number;
    taskId: number;
    robotId: number | null;
    scheduleId: number;
    plannedAt: Date;
  }): Promise<unknown>;
};

/** The lease of the one loop that dispatches schedules. */
export const SCHEDULER_LEASE = 'schedules';
/** How often every instance looks for due schedules (and renews or tries the lease). */
export const SCHEDULER_TICK_MS = 2_000;
/** How long a lease outlives its holder's last renewal: another instance takes over after this. */
export const SCHEDULER_LEASE_MS = 15_000;
/** Due schedules handled per tick; more wait for the next one. */
const DUE_BATCH = 100;

export type SchedulerOptions = {
  db: DbOrTx;
  dispatcher: ScheduleDispatcher;
  /** SCHEDULE_GRACE_SECONDS: how late a planned time may still run. */
  graceSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock of due times (tests move it); the lease uses the database's. */
  now?: () => Date;
  /** This instance's name on the lease; a random one by default. */
  holder?: string;
  tickMs?: number;
  leaseMs?: number;
};

/**
 * The loop that fires schedules. It runs on every instance; each tick takes or renews the lease
 * (one statement), and only its holder dispatches. Each due time is claimed by moving the row's
 * `next_run_at` with a conditional UPDATE before anything is dispatched, so even two holders (a
 * lease lost mid-tick) cannot fire one planned time twice. Everything it knows is in the rows: a
 * restart only resumes.
 */
export function createScheduler(options: SchedulerOptions) {
  const { db, dispatcher, log } = options;
  const now = options.now ?? (() => new Date());
  const holder = options.holder ?? `scheduler-${randomUUID()}`;
  const tickMs = options.tickMs ?? SCHEDULER_TICK_MS;
  const leaseMs = options.leaseMs ?? SCHEDULER_LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function fire(row: ScheduleJoined, at: Date): Promise<boolean> {
    const plannedAt = row.nextRunAt!;
    const late = at.getTime() - plannedAt.getTime() > options.graceSeconds * 1000;
    // The next time ignoring the count: recordOutcome ends the schedule when the count is reached.
    const [next] = nextRunTimes({ ...row, times: null }, at, row.tenantZone, 1);
    if (!(await claimPlanned(db, row.id, plannedAt, next ?? null))) return false;
    const base = { tenantId: row.tenantId, taskId: row.taskId, robotId: row.robotId, scheduleId: row.id, plannedAt };
    if (late) {
      await dispatcher.recordMissed(base);
      await recordOutcome(db, row.id, { kind: 'missed', reason: null, runId: null });
      log.warn({ scheduleId: row.id, plannedAt }, 'schedule missed: its time passed while no instance dispatched');
      return true;
    }
    if (row.taskStatus !== 1) {
      await recordOutcome(db, row.id, { kind: 'skipped', reason: 'tasks.disabled', runId: null });
      return true;
    }
    try {
      const result = await dispatcher.startRun({ ...base, source: 'schedule' });
      if ('runId' in result) await recordOutcome(db, row.id, { kind: 'dispatched', reason: null, runId: result.runId });
      else await recordOutcome(db, row.id, { kind: 'skipped', reason: result.skipped, runId: null });
    } catch (error) {
      log.error({ err: error, scheduleId: row.id }, 'schedule dispatch failed');
      await recordOutcome(db, row.id, { kind: 'skipped', reason: 'errors.server', runId: null });
    }
    return true;
  }

  /** One pass: the lease, then every due schedule. Answers how many planned times it handled (-1 without the lease). */
  async function tickOnce(): Promise<number> {
    if (!(await takeLease(db, SCHEDULER_LEASE, holder, leaseMs))) return -1;
    const at = now();
    // A tenant that changed its zone: its schedules' times are computed again first.
    for (const row of await rezonedSchedules(db, DUE_BATCH)) {
      const [next] = row.method === 'immediate' ? [row.nextRunAt] : nextRunTimes(row, at, row.tenantZone, 1);
      await rezone(db, row.id, { zone: row.timeZone }, next ?? null, row.tenantZone);
    }
    let handled = 0;
    for (const row of await dueSchedules(db, at, DUE_BATCH)) {
      if (stopped) break;
      if (await fire(row, at)) handled += 1;
    }
    return handled;
  }

  /** Runs a pass now (or right after the one under way); passes never overlap on one instance. */
  async function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let handled = 0;
      do {
        again = false;
        handled = await tickOnce();
      } while (again && !stopped);
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log.error({ err: error }, 'scheduler pass failed'))
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }

  function start() {
    stopped = false;
    log.info({ holder }, 'scheduler started');
    schedule();
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await running?.catch(() => undefined);
    await releaseLease(db, SCHEDULER_LEASE, holder).catch(() => undefined);
  }

  /** A schedule became due now (an immediate one): look at once rather than at the next tick. */
  function poke() {
    if (stopped || timer === undefined) return;
    tick().catch((error: unknown) => log.error({ err: error }, 'scheduler pass failed'));
  }

  return { start, stop, tick, poke, holder };
}

export type Scheduler = ReturnType<typeof createScheduler>;
