import type { JobRow } from '@patrol/contracts';

/** The station a task's jobs belong to: the first job's (the task follows it). */
export function taskStation(jobIds: readonly number[], jobs: readonly JobRow[]): { id: number; name: string } | null {
  const first = jobs.find((j) => j.jobId === jobIds[0]);
  return first ? { id: first.stationId, name: first.stationName } : null;
}

/** A job can be added when the task has no job yet or the job is of the task's station. */
export function canAddJob(job: JobRow, jobIds: readonly number[], jobs: readonly JobRow[]): boolean {
  const station = taskStation(jobIds, jobs);
  return station === null || station.id === job.stationId;
}

/** The jobs with job `index` one place earlier (-1) or later (+1); unchanged at either end. */
export function shiftJob(jobIds: readonly number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  const next = [...jobIds];
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Path nodes of all the task's jobs (as the list's "nodes" column counts them). */
export function taskNodeCount(jobIds: readonly number[], jobs: readonly JobRow[]): number {
  return jobIds.reduce((sum, id) => sum + (jobs.find((j) => j.jobId === id)?.nodes.length ?? 0), 0);
}
