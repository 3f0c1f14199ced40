import type { Page, SortRequest, TaskRow, TaskSortColumn, TaskType } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound, sqlStateOf } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { lockJobs } from '../jobs/jobs.shared.js';
import {
  deleteTask,
  findTask,
  insertTask,
  jobSummariesOfTasks,
  listTasks,
  lockTask,
  pageTasks,
  setTaskJobs,
  updateTask,
  type TaskNamed,
} from './tasks.repository.js';
import { taskUsers } from './tasks.shared.js';

type JobSummary = Awaited<ReturnType<typeof jobSummariesOfTasks>>[number];

export function toTaskRow(row: TaskNamed, jobs: JobSummary[]): TaskRow {
  const own = jobs.filter((j) => j.taskId === row.id);
  return {
    taskId: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    status: row.status === 1 ? 1 : 0,
    stationId: row.stationId,
    stationName: row.stationName,
    jobs: own.map((j) => ({ jobId: j.jobId, name: j.name, type: j.type, rounds: j.rounds, nodeCount: j.nodeCount })),
    nodeCount: own.reduce((sum, j) => sum + j.nodeCount, 0),
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Names in a refusal: the first ten, then "…". */
const listNames = (names: string[]) => (names.length > 10 ? [...names.slice(0, 10), '…'] : names).join(', ');

type TaskInput = { name: string; type: TaskType; description: string; jobIds: number[] };

/**
 * Tasks: jobs of one station that a robot runs in order. Rules: every job is the tenant's (404
 * `jobs.notFound`) and all are of one station (409 `tasks.stationsDiffer`), which becomes the task's
 * station; a new task is enabled; a task in use (`taskUsers`) is not deleted (409 `tasks.inUse`).
 */
export function createTasksService(ctx: AppContext) {
  const { db } = ctx;

  async function rowsOf(tenantId: number, rows: TaskNamed[]) {
    const jobs = await jobSummariesOfTasks(
      db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toTaskRow(r, jobs));
  }

  async function taskRow(caller: AuthContext, taskId: number): Promise<TaskRow> {
    const row = await findTask(db, caller.tenantId, taskId);
    if (!row) throw notFound('tasks.notFound');
    const [made] = await rowsOf(caller.tenantId, [row]);
    return made!;
  }

  /**
   * Locks the jobs (a delete of one waits, or has happened) and answers their one station: 404
   * when one is not the tenant's, 409 when they belong to more than one station.
   */
  async function stationOfJobs(tx: DbOrTx, tenantId: number, jobIds: number[]) {
    const found = await lockJobs(tx, tenantId, jobIds);
    if (found.length !== new Set(jobIds).size)
      throw new AppError(404, 'jobs.notFound', undefined, missing(jobIds, found));
    const stationIds = new Set(found.map((j) => j.stationId));
    if (stationIds.size > 1) {
      throw new AppError(409, 'tasks.stationsDiffer', undefined, [{ path: 'jobIds', key: 'tasks.stationsDiffer' }]);
    }
    return found[0]!.stationId;
  }

  async function page(
    caller: AuthContext,
    query: {
      index: number;
      size?: number | undefined;
      keyword?: string | undefined;
      type?: TaskType | undefined;
      status?: 0 | 1 | undefined;
    } & SortRequest<TaskSortColumn>,
  ): Promise<Page<TaskRow>> {
    const { rows, total } = await pageTasks(db, caller.tenantId, query, pageWindow(query));
    return { rows: await rowsOf(caller.tenantId, rows), total };
  }

  async function list(caller: AuthContext, enabledOnly?: boolean): Promise<TaskRow[]> {
    return rowsOf(caller.tenantId, await listTasks(db, caller.tenantId, enabledOnly ? 1 : undefined));
  }

  async function create(caller: AuthContext, input: TaskInput): Promise<TaskRow> {
    const { jobIds, ...values } = input;
    const id = await db.transaction(async (tx) => {
      const stationId = await stationOfJobs(tx, caller.tenantId, jobIds);
      const row = await insertTask(tx, caller.tenantId, { ...values, stationId });
      await setTaskJobs(tx, caller.tenantId, row.id, jobIds);
      return row.id;
    });
    return taskRow(caller, id);
  }

  async function update(caller: AuthContext, input: TaskInput & { taskId: number }): Promise<TaskRow> {
    const { taskId, jobIds, ...values } = input;
    await db.transaction(async (tx) => {
      if (!(await lockTask(tx, caller.tenantId, taskId))) throw notFound('tasks.notFound');
      const stationId = await stationOfJobs(tx, caller.tenantId, jobIds);
      await updateTask(tx, caller.tenantId, taskId, { ...values, stationId });
      await setTaskJobs(tx, caller.tenantId, taskId, jobIds);
    });
    return taskRow(caller, taskId);
  }

  async function setStatus(caller: AuthContext, input: { taskId: number; status: 0 | 1 }): Promise<TaskRow> {
    if (!(await updateTask(db, caller.tenantId, input.taskId, { status: input.status }))) {
      throw notFound('tasks.notFound');
    }
    return taskRow(caller, input.taskId);
  }

  async function remove(caller: AuthContext, taskId: number) {
    const refuse = (names: string[]) => new AppError(409, 'tasks.inUse', { names: listNames(names) });
    try {
      await db.transaction(async (tx) => {
        if (!(await lockTask(tx, caller.tenantId, taskId))) throw notFound('tasks.notFound');
        const users = await taskUsers(tx, caller.tenantId, taskId);
        if (users.length) throw refuse(users);
        await deleteTask(tx, caller.tenantId, taskId);
      });
    } catch (error) {
      // Something came to refer to the task between the check and the delete: the foreign key refuses.
      if (sqlStateOf(error) === '23503') throw refuse(await taskUsers(db, caller.tenantId, taskId));
      throw error;
    }
  }

  return { page, list, create, update, setStatus, remove };
}

/** The jobs of the request that are not the tenant's, each on its `jobIds.<i>` field. */
function missing(jobIds: number[], found: { id: number }[]) {
  const have = new Set(found.map((j) => j.id));
  return jobIds.flatMap((id, i) => (have.has(id) ? [] : [{ path: `jobIds.${i}`, key: 'jobs.notFound' }]));
}

export type TasksService = ReturnType<typeof createTasksService>;
