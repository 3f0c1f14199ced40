import { asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SortRequest, TaskSortColumn, TaskType } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { jobs } from '../jobs/jobs.tables.js';
import { stations } from '../stations/stations.tables.js';
import { taskJobs, tasks } from './tasks.tables.js';

export type TaskDbRow = typeof tasks.$inferSelect;
export type TaskNamed = TaskDbRow & { stationName: string };
export type TaskValues = { name: string; type: TaskType; description: string; stationId: number };
export type JobDbRow = typeof jobs.$inferSelect;

const TASK_SORT = { name: tasks.name, type: tasks.type, status: tasks.status, updateTime: tasks.updatedAt };
/** Newest change first: the list's own order. */
const NEWEST = [desc(tasks.updatedAt), desc(tasks.id)];

type Filter = {
  keyword?: string | undefined;
  type?: TaskType | undefined;
  status?: number | undefined;
};

function whereOf(tenantId: number, filter: Filter) {
  return inTenant(
    tasks,
    tenantId,
    filter.keyword
      ? or(ilike(tasks.name, likePattern(filter.keyword)), ilike(tasks.description, likePattern(filter.keyword)))
      : undefined,
    filter.type === undefined ? undefined : eq(tasks.type, filter.type),
    filter.status === undefined ? undefined : eq(tasks.status, filter.status),
  );
}

const flatten = (r: { task: TaskDbRow; stationName: string }): TaskNamed => ({
  ...r.task,
  stationName: r.stationName,
});

/** A tenant's tasks with their station's name, newest change first unless sorted by a column. */
export async function pageTasks(
  db: DbOrTx,
  tenantId: number,
  filter: Filter & SortRequest<TaskSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = whereOf(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ task: tasks, stationName: stations.name })
      .from(tasks)
      .innerJoin(stations, eq(stations.id, tasks.stationId))
      .where(where)
      .orderBy(...orderOf(filter, TASK_SORT, tasks.id, NEWEST))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Every task of a tenant (the enabled ones only, when asked), by name. */
export async function listTasks(db: DbOrTx, tenantId: number, status?: number) {
  const rows = await db
    .select({ task: tasks, stationName: stations.name })
    .from(tasks)
    .innerJoin(stations, eq(stations.id, tasks.stationId))
    .where(whereOf(tenantId, { status }))
    .orderBy(asc(tasks.name), asc(tasks.id));
  return rows.map(flatten);
}

export async function findTask(db: DbOrTx, tenantId: number, id: number): Promise<TaskNamed | undefined> {
  const [row] = await db
    .select({ task: tasks, stationName: stations.name })
    .from(tasks)
    .innerJoin(stations, eq(stations.id, tasks.stationId))
    .where(inTenant(tasks, tenantId, eq(tasks.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The jobs of these tasks in order, with what a list row shows of them (not their paths). */
export async function jobSummariesOfTasks(db: DbOrTx, tenantId: number, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({
      taskId: taskJobs.taskId,
      jobId: jobs.id,
      name: jobs.name,
      type: jobs.type,
      rounds: jobs.rounds,
      nodeCount: sql<number>`jsonb_array_length(${jobs.nodes})`.mapWith(Number),
    })
    .from(taskJobs)
    .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
    .innerJoin(jobs, eq(jobs.id, taskJobs.jobId))
    .where(inTenant(tasks, tenantId, inArray(taskJobs.taskId, taskIds)))
    .orderBy(asc(taskJobs.taskId), asc(taskJobs.position));
}

/** A task's jobs in order, every field and the path. */
export async function jobsOfTask(db: DbOrTx, tenantId: number, taskId: number): Promise<JobDbRow[]> {
  const rows = await db
    .select({ job: jobs })
    .from(taskJobs)
    .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
    .innerJoin(jobs, eq(jobs.id, taskJobs.jobId))
    .where(inTenant(tasks, tenantId, eq(taskJobs.taskId, taskId)))
    .orderBy(asc(taskJobs.position));
  return rows.map((r) => r.job);
}

export async function insertTask(db: DbOrTx, tenantId: number, values: TaskValues) {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateTask(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: Partial<TaskValues> & { status?: number },
) {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(tasks, tenantId, eq(tasks.id, id)))
    .returning();
  return row;
}

/** Replaces a task's jobs with `jobIds` in that order (the tenant's task only). */
export async function setTaskJobs(db: DbOrTx, tenantId: number, taskId: number, jobIds: number[]) {
  const own = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(inTenant(tasks, tenantId, eq(tasks.id, taskId)));
  const [found] = await own;
  if (!found) return;
  await db.delete(taskJobs).where(eq(taskJobs.taskId, found.id));
  if (jobIds.length) await db.insert(taskJobs).values(jobIds.map((jobId, position) => ({ taskId, position, jobId })));
}

export async function deleteTask(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(tasks)
    .where(inTenant(tasks, tenantId, eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Locks a task's row until the transaction ends (its jobs are rewritten, it is deleted). */
export async function lockTask(tx: DbOrTx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(inTenant(tasks, tenantId, eq(tasks.id, id)))
    .for('update');
  return row;
}
