import { defineRoute, SESSION_ERRORS } from './api.js';
import { robotLiveList } from './robots.js';

/** The monitoring routes of the API, below `/api`. */
export const monitoringApi = {
  liveRobots: defineRoute({
    method: 'GET',
    path: '/robot-server/monitor/live',
    operationId: 'liveRobots',
    summary: 'Every robot of the tenant with its presence and latest telemetry (the map and control page)',
    description:
      "Changes then arrive on the console's WebSocket after `{type:'subscribe', topic:'robots'}` " +
      "as `{type:'robots', data:[...]}`: at once when nothing was sent in the last 50 ms, otherwise " +
      'gathered and sent at most 20 times a second.',
    tags: ['monitoring'],
    access: 'grant',
    data: robotLiveList,
    errors: SESSION_ERRORS,
  }),
};
