import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { ActionType, JobSortColumn, JobType, PathNode, SortRequest, TriggerType } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { stations } from '../stations/stations.tables.js';
import { taskJobs, tasks } from '../tasks/tasks.tables.js';
import { jobs } from './jobs.tables.js';

export type JobDbRow = typeof jobs.$inferSelect;
export type JobNamed = JobDbRow & { stationName: string };
export type JobValues = {
  name: string;
  type: JobType;
  stationId: number;
  description: string;
  triggerName: string;
  triggerType: TriggerType;
  actionName: string;
  actionType: ActionType;
  rounds: number;
  speakerData: string;
  nodes: PathNode[];
};

const JOB_SORT = { name: jobs.name, type: jobs.type, updateTime: jobs.updatedAt };
/** Newest change first: the list's own order. */
const NEWEST = [desc(jobs.updatedAt), desc(jobs.id)];

type Filter = { keyword?: string | undefined; stationId?: number | undefined; type?: JobType | undefined };

function whereOf(tenantId: number, filter: Filter) {
  return inTenant(
    jobs,
    tenantId,
    filter.keyword
      ? or(ilike(jobs.name, likePattern(filter.keyword)), ilike(jobs.description, likePattern(filter.keyword)))
      : undefined,
    filter.stationId === undefined ? undefined : eq(jobs.stationId, filter.stationId),
    filter.type === undefined ? undefined : eq(jobs.type, filter.type),
  );
}

const flatten = (r: { job: JobDbRow; stationName: string }): JobNamed => ({ ...r.job, stationName: r.stationName });

/** A tenant's jobs with their station's name, newest change first unless sorted by a column. */
export async function pageJobs(
  db: DbOrTx,
  tenantId: number,
  filter: Filter & SortRequest<JobSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = whereOf(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ job: jobs, stationName: stations.name })
      .from(jobs)
      .innerJoin(stations, eq(stations.id, jobs.stationId))
      .where(where)
      .orderBy(...orderOf(filter, JOB_SORT, jobs.id, NEWEST))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Every job of a tenant (of a station), by name. */
export async function listJobs(db: DbOrTx, tenantId: number, stationId?: number) {
  const rows = await db
    .select({ job: jobs, stationName: stations.name })
    .from(jobs)
    .innerJoin(stations, eq(stations.id, jobs.stationId))
    .where(whereOf(tenantId, { stationId }))
    .orderBy(asc(jobs.name), asc(jobs.id));
  return rows.map(flatten);
}

export async function findJob(db: DbOrTx, tenantId: number, id: number): Promise<JobNamed | undefined> {
  const [row] = await db
    .select({ job: jobs, stationName: stations.name })
    .from(jobs)
    .innerJoin(stations, eq(stations.id, jobs.stationId))
    .where(inTenant(jobs, tenantId, eq(jobs.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The tenant's jobs among `ids` (any other tenant's are simply missing). */
export async function jobsByIds(db: DbOrTx, tenantId: number, ids: number[]): Promise<JobDbRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(inTenant(jobs, tenantId, inArray(jobs.id, [...new Set(ids)])));
}

/** Names of a station's jobs: a station with jobs cannot be deleted. */
export async function jobNamesOfStation(db: DbOrTx, tenantId: number, stationId: number): Promise<string[]> {
  const rows = await db
    .select({ name: jobs.name })
    .from(jobs)
    .where(inTenant(jobs, tenantId, eq(jobs.stationId, stationId)))
    .orderBy(asc(jobs.name));
  return rows.map((r) => r.name);
}

/** Names of the tasks that use a job (each once): the job cannot be deleted or moved to another station. */
export async function taskNamesUsingJob(db: DbOrTx, tenantId: number, jobId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: tasks.name, id: tasks.id })
    .from(taskJobs)
    .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
    .where(and(inTenant(tasks, tenantId), eq(taskJobs.jobId, jobId)))
    .orderBy(asc(tasks.name), asc(tasks.id));
  return rows.map((r) => r.name);
}

export async function insertJob(db: DbOrTx, tenantId: number, values: JobValues) {
  const [row] = await db
    .insert(jobs)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateJob(db: DbOrTx, tenantId: number, id: number, values: Partial<JobValues>) {
  const [row] = await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(jobs, tenantId, eq(jobs.id, id)))
    .returning();
  return row;
}

export async function deleteJob(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(jobs)
    .where(inTenant(jobs, tenantId, eq(jobs.id, id)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Locks a job's row until the transaction ends: a task being built on it waits for its delete, or sees it gone. */
export async function lockJobs(tx: DbOrTx, tenantId: number, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  return tx
    .select({ id: jobs.id, stationId: jobs.stationId })
    .from(jobs)
    .where(inTenant(jobs, tenantId, inArray(jobs.id, sorted)))
    .orderBy(asc(jobs.id))
    .for('update');
}
