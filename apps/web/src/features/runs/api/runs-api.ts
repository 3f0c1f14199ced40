import {
  RUN_ACTIVE_STATUSES,
  runsApi,
  tasksApi,
  type RouteQuery,
  type RunDetail,
  type RunSortColumn,
  type StartRunRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** Filters of the execution records; times are ISO strings. */
export type RunFilters = {
  taskId?: number;
  robotId?: number;
  source?: string;
  status?: string;
  startTime?: string;
  endTime?: string;
};
// The search bar's selects hold plain strings; the server checks them against the contract.
type RunQuery = RouteQuery<typeof runsApi.pageRuns>;

/**
 * How often the records and an open run refresh while shown: runs move on the robots' reports,
 * which reach the console as no socket message yet, so the page asks again every few seconds.
 */
export const RUNS_REFRESH_MS = 4000;

export const runsRoot = ['runs'] as const;
export const runRecordsKey = ['runs', 'records'] as const;
export const runDetailKey = (runId: number) => ['runs', 'detail', runId] as const;
export const taskOptionsKey = ['runs', 'task-options'] as const;

/** GET the execution records. */
export const fetchRuns = (params: ListParams<RunFilters, RunSortColumn>, signal?: AbortSignal) =>
  call(runsApi.pageRuns, { query: params as RunQuery }, { signal });

/** GET one run with its steps, and the robot's alarms and commands meanwhile. */
export const fetchRun = (runId: number, signal?: AbortSignal) =>
  call(runsApi.getRunDetail, { query: { runId } }, { signal });

/** POST run a task on a robot now; a robot that cannot take it answers 409 with the reason. */
export const startRun = (body: StartRunRequest) => call(runsApi.startRun, { body });

const going = (run: RunDetail | undefined) => run !== undefined && RUN_ACTIVE_STATUSES.includes(run.status);

/** One run's details while `runId` is set; refreshed while the run is still going. */
export function useRunDetail(runId: number | null) {
  return useQuery({
    queryKey: runDetailKey(runId ?? 0),
    queryFn: ({ signal }) => fetchRun(runId!, signal),
    enabled: runId !== null,
    refetchInterval: (query) => (going(query.state.data) ? RUNS_REFRESH_MS : false),
  });
}

/** The tenant's tasks (filters and "Run now"): every task, or the enabled ones. */
export function useTaskOptions(enabledOnly = false) {
  return useQuery({
    queryKey: [...taskOptionsKey, enabledOnly],
    queryFn: ({ signal }) => call(tasksApi.listTasks, { query: enabledOnly ? { enabledOnly: true } : {} }, { signal }),
    select: (tasks) => tasks.map((task) => ({ value: task.taskId, label: task.name, stationId: task.stationId })),
  });
}
