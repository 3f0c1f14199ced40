import {
  DEFAULT_TIME_ZONE,
  schedulesApi,
  tasksApi,
  type CreateScheduleRequest,
  type ScheduleMethod,
  type ScheduleSortColumn,
  type UpdateScheduleRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type ScheduleFilters = { keyword?: string; method?: ScheduleMethod; status?: 0 | 1 };
export const schedulesKey = ['schedules'] as const;

/** GET a page of the tenant's schedules, with their next run and last outcome. */
export const fetchSchedulePage = (params: ListParams<ScheduleFilters, ScheduleSortColumn>, signal?: AbortSignal) =>
  call(schedulesApi.pageSchedules, { query: params }, { signal });
export const createSchedule = (body: CreateScheduleRequest) => call(schedulesApi.createSchedule, { body });
export const updateSchedule = (body: UpdateScheduleRequest) => call(schedulesApi.updateSchedule, { body });
export const setScheduleStatus = (scheduleId: number, status: 0 | 1) =>
  call(schedulesApi.setScheduleStatus, { body: { scheduleId, status } });
export const deleteSchedule = (scheduleId: number) => call(schedulesApi.deleteSchedule, { body: { scheduleId } });

/** The zone the tenant's schedules are read in: the form's run times are shown in it. */
export function useScheduleZone() {
  const query = useQuery({
    queryKey: [...schedulesKey, 'zone'],
    queryFn: ({ signal }) => call(schedulesApi.getScheduleZone, {}, { signal }),
    staleTime: 60_000,
  });
  return query.data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Every task of the tenant, for the form's select. */
export function useTaskOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'all'],
    queryFn: ({ signal }) => call(tasksApi.listTasks, { query: {} }, { signal }),
    enabled,
  });
}

export function refreshSchedules(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: schedulesKey });
}
