import {
  jobsApi,
  tasksApi,
  type CreateTaskRequest,
  type TaskSortColumn,
  type TaskType,
  type UpdateTaskRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type TaskFilters = { keyword?: string; type?: TaskType; status?: 0 | 1 };
/** Every task query starts with this key (schedules list tasks too). */
export const tasksKey = ['tasks'] as const;

/** GET a page of the tenant's tasks with their jobs in order. */
export const fetchTaskPage = (params: ListParams<TaskFilters, TaskSortColumn>, signal?: AbortSignal) =>
  call(tasksApi.pageTasks, { query: params }, { signal });
export const createTask = (body: CreateTaskRequest) => call(tasksApi.createTask, { body });
export const updateTask = (body: UpdateTaskRequest) => call(tasksApi.updateTask, { body });
export const setTaskStatus = (taskId: number, status: 0 | 1) =>
  call(tasksApi.setTaskStatus, { body: { taskId, status } });
/** Refused (409) while a schedule uses the task or a run of it is going; the message says which. */
export const deleteTask = (taskId: number) => call(tasksApi.deleteTask, { body: { taskId } }, { silent: true });

/** Every job of the tenant, for the task form's job select (with their stations, nodes and rounds). */
export function useJobList(enabled: boolean) {
  return useQuery({
    queryKey: ['jobs', 'list', 'all'],
    queryFn: ({ signal }) => call(jobsApi.listJobs, { query: {} }, { signal }),
    enabled,
  });
}

/** Tasks changed: their lists and what offers them (schedules). */
export function refreshTasks(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tasksKey }),
    queryClient.invalidateQueries({ queryKey: ['schedules'] }),
  ]).then(() => undefined);
}
