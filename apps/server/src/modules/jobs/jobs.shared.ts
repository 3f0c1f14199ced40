// What other modules may ask of jobs: a station's job names (a station with jobs is not deleted),
// jobs by id, locked (a task checks its jobs are the tenant's and of one station), and a new job
// (the isolation walk's seed of tasks).
export { insertJob, jobNamesOfStation, jobsByIds, lockJobs, type JobDbRow } from './jobs.repository.js';
