import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RunSortColumn, RunSource, RunStatus, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { fleetStopRobots } from '../fleet-stop/fleet-stop.tables.js';
import { jobs } from '../jobs/jobs.tables.js';
import { taskJobs, tasks } from '../tasks/tasks.tables.js';
import { runs, runSteps } from './runs.tables.js';

export type RunDbRow = typeof runs.$inferSelect;
export type RunStepDbRow = typeof runSteps.$inferSelect;

/** A task of the tenant with its jobs in order, as a run dispatches it. */
export async function findTaskWithJobs(db: DbOrTx, tenantId: number, taskId: number) {
  const [task] = await db
    .select()
    .from(tasks)
    .where(inTenant(tasks, tenantId, eq(tasks.id, taskId)))
    .limit(1);
  if (!task) return undefined;
  const rows = await db
    .select({ job: jobs })
    .from(taskJobs)
    .innerJoin(jobs, eq(jobs.id, taskJobs.jobId))
    .where(and(eq(taskJobs.taskId, task.id), eq(jobs.tenantId, tenantId)))
    .orderBy(asc(taskJobs.position));
  return { task, jobs: rows.map((r) => r.job) };
}

/** Whether the tenant's fleet stop holds the robot. */
export async function isRobotHeld(db: DbOrTx, tenantId: number, robotId: number): Promise<boolean> {
  const [row] = await db
    .select({ robotId: fleetStopRobots.robotId })
    .from(fleetStopRobots)
    .where(inTenant(fleetStopRobots, tenantId, eq(fleetStopRobots.robotId, robotId)))
    .limit(1);
  return row !== undefined;
}

const ACTIVE: RunStatus[] = ['dispatched', 'running', 'paused'];

/** The robot's run still going, if any. */
export async function findActiveRunOfRobot(db: DbOrTx, tenantId: number, robotId: number) {
  const [row] = await db
    .select()
    .from(runs)
    .where(inTenant(runs, tenantId, eq(runs.robotId, robotId), inArray(runs.status, ACTIVE)))
    .limit(1);
  return row;
}

/** The task's runs still going (dispatched, running or paused), oldest first. */
export async function findActiveRunsOfTask(db: DbOrTx, tenantId: number, taskId: number) {
  return db
    .select()
    .from(runs)
    .where(inTenant(runs, tenantId, eq(runs.taskId, taskId), inArray(runs.status, ACTIVE)))
    .orderBy(asc(runs.id));
}

/** Inserts a run; undefined when the robot has a run going already (the one-going-run index). */
export async function insertRun(db: DbOrTx, row: typeof runs.$inferInsert): Promise<RunDbRow | undefined> {
  const [inserted] = await db.insert(runs).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findRun(db: DbOrTx, tenantId: number, runId: number) {
  const [row] = await db
    .select()
    .from(runs)
    .where(inTenant(runs, tenantId, eq(runs.id, runId)))
    .limit(1);
  return row;
}

/**
 * A run by id in any tenant: the run id is what a robot reports on the wire, where no tenant is
 * known yet. The caller checks that the reporting robot is the run's. Never answers a console request.
 */
export async function findRunForReport(db: DbOrTx, runId: number) {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId)).limit(1);
  return row;
}

/** Changes a run only while it is in one of `from` (so a late or repeated report changes nothing). */
export async function updateRunIf(
  db: DbOrTx,
  runId: number,
  from: readonly RunStatus[],
  patch: Partial<typeof runs.$inferInsert>,
): Promise<RunDbRow | undefined> {
  const [row] = await db
    .update(runs)
    .set(patch)
    .where(and(eq(runs.id, runId), inArray(runs.status, [...from])))
    .returning();
  return row;
}

/** Stores a step once per report id; undefined when it was stored before. */
export async function insertStepOnce(db: DbOrTx, row: typeof runSteps.$inferInsert) {
  const [inserted] = await db.insert(runSteps).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function countSteps(db: DbOrTx, runId: number, step: RunStepDbRow['step']) {
  const [row] = await db
    .select({ n: count() })
    .from(runSteps)
    .where(and(eq(runSteps.runId, runId), eq(runSteps.step, step)));
  return row?.n ?? 0;
}

export async function listSteps(db: DbOrTx, runId: number) {
  return db.select().from(runSteps).where(eq(runSteps.runId, runId)).orderBy(asc(runSteps.at), asc(runSteps.id));
}

/** Fails every run dispatched before `before` whose robot never reported `started`; answers them. */
export async function expireUnstarted(db: DbOrTx, before: Date, now: Date) {
  return db
    .update(runs)
    .set({ status: 'failed', reason: 'runs.noAnswer', endedAt: now })
    .where(and(eq(runs.status, 'dispatched'), lt(runs.dispatchedAt, before)))
    .returning();
}

const RUN_SORT = { plannedTime: runs.plannedAt, startTime: runs.startedAt, endTime: runs.endedAt };

export type RunFilter = SortRequest<RunSortColumn> & {
  taskId?: number | undefined;
  robotId?: number | undefined;
  /** The robots the caller may see (undefined: all); runs with no robot are listed to everyone. */
  robotIds?: number[] | undefined;
  source?: RunSource | undefined;
  status?: RunStatus | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
};

export async function pageRuns(
  db: DbOrTx,
  tenantId: number,
  filter: RunFilter,
  window: { offset: number; limit: number },
) {
  const conditions: (SQL | undefined)[] = [
    filter.taskId ? eq(runs.taskId, filter.taskId) : undefined,
    filter.robotId ? eq(runs.robotId, filter.robotId) : undefined,
    filter.robotIds
      ? or(isNull(runs.robotId), filter.robotIds.length ? inArray(runs.robotId, filter.robotIds) : sql`false`)
      : undefined,
    filter.source ? eq(runs.source, filter.source) : undefined,
    filter.status ? eq(runs.status, filter.status) : undefined,
    filter.startTime ? gte(runs.plannedAt, filter.startTime) : undefined,
    filter.endTime ? lte(runs.plannedAt, filter.endTime) : undefined,
  ];
  const where = inTenant(runs, tenantId, ...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(runs)
      .where(where)
      .orderBy(...orderOf(filter, RUN_SORT, runs.id, [desc(runs.plannedAt), desc(runs.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(runs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
