import {
  nodeField,
  parsePathNodes,
  pathLengthM,
  pathProblem,
  type JobRow,
  type JobSortColumn,
  type JobType,
  type NodeImportProblem,
  type Page,
  type PathNode,
  type SortRequest,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound, sqlStateOf } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { fencesOfStations } from '../fences/fences.shared.js';
import { findStation } from '../stations/stations.shared.js';
import {
  deleteJob,
  findJob,
  insertJob,
  listJobs,
  lockJobs,
  pageJobs,
  taskNamesUsingJob,
  updateJob,
  type JobNamed,
  type JobValues,
} from './jobs.repository.js';

export function toJobRow(row: JobNamed): JobRow {
  return {
    jobId: row.id,
    name: row.name,
    type: row.type,
    stationId: row.stationId,
    stationName: row.stationName,
    description: row.description,
    triggerName: row.triggerName,
    triggerType: row.triggerType,
    actionName: row.actionName,
    actionType: row.actionType,
    rounds: row.rounds,
    speakerData: row.speakerData,
    nodes: row.nodes,
    lengthM: pathLengthM(row.nodes),
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Names in a refusal: the first ten, then "…". */
const listNames = (names: string[]) => (names.length > 10 ? [...names.slice(0, 10), '…'] : names).join(', ');

/** 409 `jobs.inUse` naming the tasks that use the job. */
const inUse = (taskNames: string[]) => new AppError(409, 'jobs.inUse', { names: listNames(taskNames) });

/**
 * Jobs: a station's paths and what a robot does on them. Rules: the station is the tenant's; the
 * path stays inside the station's area and touches none of its forbidden fences (422 naming the
 * segment, its node index on `nodes.<i>`); a job a task uses is neither deleted nor moved to
 * another station (409 naming the tasks); an import replaces the path whole or not at all.
 */
export function createJobsService(ctx: AppContext) {
  const { db } = ctx;

  async function jobOf(caller: AuthContext, jobId: number) {
    const row = await findJob(db, caller.tenantId, jobId);
    if (!row) throw notFound('jobs.notFound');
    return row;
  }

  /** 422 when the path leaves the station's area or crosses one of its forbidden fences. */
  async function checkPath(tx: DbOrTx, tenantId: number, stationId: number, nodes: readonly PathNode[]) {
    const station = await findStation(tx, tenantId, stationId);
    if (!station) throw notFound('stations.notFound');
    const forbidden = (await fencesOfStations(tx, tenantId, [stationId])).filter((f) => f.kind === 'forbidden');
    const problem = pathProblem(nodes, station.area, forbidden);
    if (!problem) return;
    const params: Record<string, string | number> =
      problem.key === 'jobs.pathCrossesFence'
        ? { segment: problem.segment + 1, name: problem.fenceName }
        : { segment: problem.segment + 1 };
    throw new AppError(422, problem.key, params, [{ path: nodeField(problem.segment), key: problem.key, params }]);
  }

  async function page(
    caller: AuthContext,
    query: {
      index: number;
      size?: number | undefined;
      keyword?: string | undefined;
      stationId?: number | undefined;
      type?: JobType | undefined;
    } & SortRequest<JobSortColumn>,
  ): Promise<Page<JobRow>> {
    const { rows, total } = await pageJobs(db, caller.tenantId, query, pageWindow(query));
    return { rows: rows.map(toJobRow), total };
  }

  async function list(caller: AuthContext, stationId?: number): Promise<JobRow[]> {
    return (await listJobs(db, caller.tenantId, stationId)).map(toJobRow);
  }

  async function create(caller: AuthContext, values: JobValues): Promise<JobRow> {
    await checkPath(db, caller.tenantId, values.stationId, values.nodes);
    const row = await insertJob(db, caller.tenantId, values).catch((error: unknown) => {
      // The station was deleted since it was checked: the foreign key refuses.
      throw sqlStateOf(error) === '23503' ? notFound('stations.notFound') : error;
    });
    return toJobRow(await jobOf(caller, row.id));
  }

  async function update(caller: AuthContext, input: JobValues & { jobId: number }): Promise<JobRow> {
    const { jobId, ...values } = input;
    await db.transaction(async (tx) => {
      const [locked] = await lockJobs(tx, caller.tenantId, [jobId]);
      if (!locked) throw notFound('jobs.notFound');
      await checkPath(tx, caller.tenantId, values.stationId, values.nodes);
      if (locked.stationId !== values.stationId) {
        // A task's jobs all belong to its station: a job it uses stays where it is.
        const users = await taskNamesUsingJob(tx, caller.tenantId, jobId);
        if (users.length) throw inUse(users);
      }
      await updateJob(tx, caller.tenantId, jobId, values);
    });
    return toJobRow(await jobOf(caller, jobId));
  }

  async function remove(caller: AuthContext, jobId: number) {
    try {
      await db.transaction(async (tx) => {
        const [locked] = await lockJobs(tx, caller.tenantId, [jobId]);
        if (!locked) throw notFound('jobs.notFound');
        const users = await taskNamesUsingJob(tx, caller.tenantId, jobId);
        if (users.length) throw inUse(users);
        await deleteJob(tx, caller.tenantId, jobId);
      });
    } catch (error) {
      // A task made between the check and the delete: the foreign key refuses; say who uses it.
      if (sqlStateOf(error) === '23503') throw inUse(await taskNamesUsingJob(db, caller.tenantId, jobId));
      throw error;
    }
  }

  /**
   * Replaces a job's path with the nodes of an import (JSON or CSV, `parsePathNodes`): every row is
   * checked and any bad one refuses the whole text (422 `jobs.importFailed`, each problem on
   * `nodes.<row - 1>`, or `text` for the whole text); then the path is checked as on save.
   */
  async function importNodes(caller: AuthContext, input: { jobId: number; text: string }) {
    const job = await jobOf(caller, input.jobId);
    const { nodes, problems } = parsePathNodes(input.text);
    if (problems.length) throw importRefusal(problems);
    await db.transaction(async (tx) => {
      const [locked] = await lockJobs(tx, caller.tenantId, [job.id]);
      if (!locked) throw notFound('jobs.notFound');
      await checkPath(tx, caller.tenantId, locked.stationId, nodes);
      await updateJob(tx, caller.tenantId, job.id, { nodes });
    });
    return { imported: nodes.length, problems: [] };
  }

  async function exportNodes(caller: AuthContext, jobId: number): Promise<PathNode[]> {
    return (await jobOf(caller, jobId)).nodes;
  }

  return { page, list, create, update, remove, importNodes, exportNodes };
}

/** 422 `jobs.importFailed` with the count of problems and each problem as a field error. */
function importRefusal(problems: NodeImportProblem[]) {
  return new AppError(
    422,
    'jobs.importFailed',
    { count: problems.length },
    problems.map((p) => ({ path: p.row < 1 ? 'text' : nodeField(p.row - 1), key: p.key, params: p.params })),
  );
}

export type JobsService = ReturnType<typeof createJobsService>;
