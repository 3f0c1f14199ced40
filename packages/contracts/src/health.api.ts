import { defineRoute } from './api.js';
import { healthStatus, liveStatus } from './health.js';

/** The health routes of the API, below `/api`. */
export const healthApi = {
  getHealth: defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Whether the server, its database (with a write) and its broker link are up, and the version',
    description: '503 with the part that is down (database first, then the broker link).',
    tags: ['health'],
    access: 'public',
    data: healthStatus,
    errors: [503],
  }),
  getReadiness: defineRoute({
    method: 'GET',
    path: '/health/ready',
    operationId: 'getReadiness',
    summary: 'Whether this instance takes requests: its parts are up and it is not shutting down',
    description: '503 when a part is down or while the instance shuts down; a load balancer sends it no requests then.',
    tags: ['health'],
    access: 'public',
    data: healthStatus,
    errors: [503],
  }),
  getLiveness: defineRoute({
    method: 'GET',
    path: '/health/live',
    operationId: 'getLiveness',
    summary: 'Whether the process runs: 200 while its event loop turns, whatever its parts',
    tags: ['health'],
    access: 'public',
    data: liveStatus,
    errors: [],
  }),
};
