import { defineRoute, SESSION_ERRORS } from './api.js';
import { runDetail, runIdQuery, runPage, runPageQuery, runRow, startRunRequest } from './runs.js';

/** The execution-record routes of the API (`/task/taskExecute`), below `/api`. */
export const runsApi = {
  pageRuns: defineRoute({
    method: 'GET',
    path: '/task-server/run/page',
    operationId: 'pageRuns',
    summary: 'Runs of tasks on robots (execution records)',
    tags: ['runs'],
    access: 'grant',
    query: runPageQuery,
    data: runPage,
    errors: SESSION_ERRORS,
  }),
  getRunDetail: defineRoute({
    method: 'GET',
    path: '/task-server/run/detail',
    operationId: 'getRunDetail',
    summary: "A run with its steps, node arrivals, and the robot's alarms and commands meanwhile",
    tags: ['runs'],
    access: 'grant',
    query: runIdQuery,
    data: runDetail,
    errors: [...SESSION_ERRORS, 404],
  }),
  startRun: defineRoute({
    method: 'POST',
    path: '/task-server/run/start',
    operationId: 'startRun',
    summary: 'Run a task on a robot now; refused with the reason when the robot cannot take it',
    tags: ['runs'],
    access: 'grant',
    body: startRunRequest,
    data: runRow,
    errors: [...SESSION_ERRORS, 404, 409, 503],
  }),
};
