import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId, statusValue } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { jobTypes } from './jobs.js';

/**
 * Tasks (spec section 3: name, type, description, nodes, enabled or disabled, jobs): an ordered
 * list of jobs a robot runs one after the other. A disabled task is never dispatched. "Nodes" is
 * what the task covers: the sum of its jobs' path nodes, shown in the list.
 */
export const taskTypes = ['routine', 'special', 'emergency'] as const;
export type TaskType = (typeof taskTypes)[number];
/** A task has at least one job and at most this many (a job may appear more than once). */
export const TASK_JOBS_MAX = 50;

const name = z
  .string({ error: 'tasks.nameRequired' })
  .trim()
  .min(1, { message: 'tasks.nameRequired', abort: true })
  .max(TEXT_MAX.taskName, 'tasks.nameTooLong');
const description = z.string().trim().max(TEXT_MAX.taskDescription, 'tasks.descriptionTooLong').optional().default('');

const fields = {
  name,
  type: z.enum(taskTypes, { error: 'tasks.typeRequired' }),
  description,
  /** The jobs in the order the robot runs them. All of one station (409 `tasks.stationsDiffer` otherwise). */
  jobIds: z
    .array(rowId, { error: 'tasks.jobsRequired' })
    .min(1, { message: 'tasks.jobsRequired', abort: true })
    .max(TASK_JOBS_MAX, 'tasks.jobsTooMany'),
};

/** POST task-server/task/create: a new task is enabled. */
export const createTaskRequest = z.object(fields);
export type CreateTaskRequest = z.input<typeof createTaskRequest>;
/** POST task-server/task/update */
export const updateTaskRequest = z.object({ taskId: rowId, ...fields });
export type UpdateTaskRequest = z.input<typeof updateTaskRequest>;
/** POST task-server/task/delete: refused (409 `tasks.inUse`) while a schedule uses it or a run of it is going. */
export const taskIdRequest = z.object({ taskId: rowId });
/** POST task-server/task/status: 1 enable, 0 disable (the console asks to confirm). */
export const taskStatusRequest = z.object({ taskId: rowId, status: statusValue });

export const TASK_SORT_COLUMNS = ['name', 'type', 'status', 'updateTime'] as const;
export type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];
/** GET task-server/task/page */
export const taskPageQuery = pageQuery.extend({
  keyword: keywordFilter,
  type: z.enum(taskTypes).optional(),
  status: z.coerce.number().pipe(statusValue).optional(),
  ...sortQuery(TASK_SORT_COLUMNS),
});

export const taskJob = z.object({
  jobId: z.number().int(),
  name: z.string(),
  type: z.enum(jobTypes),
  rounds: z.number().int(),
  nodeCount: z.number().int(),
});
export const taskRow = z.object({
  taskId: z.number().int(),
  name: z.string(),
  type: z.enum(taskTypes),
  description: z.string(),
  status: statusValue,
  /** The station the task's jobs belong to. */
  stationId: z.number().int(),
  stationName: z.string(),
  jobs: z.array(taskJob),
  /** Path nodes of all its jobs. */
  nodeCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TaskRow = z.infer<typeof taskRow>;
export const taskPage = pageOf(taskRow);
/** GET task-server/task/list: every task of the tenant (selects), enabled ones with `enabledOnly`. */
export const taskListQuery = z.object({
  // A query's text "false" must read as false (z.coerce.boolean would make it true).
  enabledOnly: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'validation.invalid' })
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});
export const taskList = z.array(taskRow);
