import type { TaskType } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { goingRunNames } from '../runs/runs.shared.js';
import { schedulesOfTask } from '../schedules/schedules.shared.js';
import { findTask, jobsOfTask, type JobDbRow } from './tasks.repository.js';

/**
 * What refers to a task, as names for the 409 `tasks.inUse` refusal of its delete: its schedules
 * ("schedule #3") and its runs still going ("#12 Gate robot"). Ended runs keep the task's name and
 * do not hold it.
 */
export async function taskUsers(db: DbOrTx, tenantId: number, taskId: number): Promise<string[]> {
  const schedules = await schedulesOfTask(db, tenantId, taskId);
  const runs = await goingRunNames(db, tenantId, taskId);
  return [...schedules.map((s) => `schedule #${s.id}`), ...runs];
}

/** A task as a run dispatches it: its fields (with status: a disabled task is never dispatched) and its jobs in order. */
export type TaskForRun = {
  taskId: number;
  name: string;
  type: TaskType;
  description: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  stationId: number;
  stationName: string;
  /** Every field of each job, its path nodes included, in the order the robot runs them (a job may repeat). */
  jobs: JobDbRow[];
};

/** The tenant's task with its jobs in order, or null when the tenant has no such task. */
export async function loadTaskForRun(db: DbOrTx, tenantId: number, taskId: number): Promise<TaskForRun | null> {
  const task = await findTask(db, tenantId, taskId);
  if (!task) return null;
  return {
    taskId: task.id,
    name: task.name,
    type: task.type,
    description: task.description,
    status: task.status,
    stationId: task.stationId,
    stationName: task.stationName,
    jobs: await jobsOfTask(db, tenantId, taskId),
  };
}

export type { JobDbRow as TaskJobForRun };
