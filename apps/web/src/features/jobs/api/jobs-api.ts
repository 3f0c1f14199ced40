import {
  fencesApi,
  jobsApi,
  stationsApi,
  type CreateJobRequest,
  type ImportJobNodesRequest,
  type JobSortColumn,
  type JobType,
  type UpdateJobRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type JobFilters = { keyword?: string; stationId?: number; type?: JobType };
/** Every job query starts with this key (task forms list jobs too). */
export const jobsKey = ['jobs'] as const;

/** GET a page of the tenant's jobs with their paths. */
export const fetchJobPage = (params: ListParams<JobFilters, JobSortColumn>, signal?: AbortSignal) =>
  call(jobsApi.pageJobs, { query: params }, { signal });
// The dialog shows a refused save itself (the path's segment highlighted), so these are silent.
export const createJob = (body: CreateJobRequest) => call(jobsApi.createJob, { body }, { silent: true });
export const updateJob = (body: UpdateJobRequest) => call(jobsApi.updateJob, { body }, { silent: true });
/** Refused (409) while a task uses the job; the message names the tasks. */
export const deleteJob = (jobId: number) => call(jobsApi.deleteJob, { body: { jobId } }, { silent: true });
/** All or nothing; the page lists every bad row of a refusal. */
export const importJobNodes = (body: ImportJobNodesRequest) => call(jobsApi.importJobNodes, { body }, { silent: true });
export const exportJobNodes = (jobId: number) => call(jobsApi.exportJobNodes, { query: { jobId } });

/** Every station of the tenant (filter, form, and the area the path must stay in). */
export function useStations() {
  return useQuery({
    queryKey: ['stations', 'all'],
    queryFn: ({ signal }) => call(stationsApi.listStations, {}, { signal }),
  });
}

/** A station's fences (its forbidden ones are what a path must not cross). */
export function useStationFences(stationId: number | undefined) {
  return useQuery({
    queryKey: ['fences', 'list', stationId ?? null],
    queryFn: ({ signal }) => call(fencesApi.listFences, { query: { stationId } }, { signal }),
    enabled: stationId !== undefined,
  });
}

/** Jobs changed: their lists, the tasks that show their nodes and rounds, the stations' counts. */
export function refreshJobs(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobsKey }),
    queryClient.invalidateQueries({ queryKey: ['tasks'] }),
    queryClient.invalidateQueries({ queryKey: ['stations'] }),
  ]).then(() => undefined);
}
