import { defineRoute } from './api.js';
import { healthStatus } from './health.js';

/** The health routes of the API, below `/api`. */
export const healthApi = {
  getHealth: defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Whether the server and its database are up, and the version',
    tags: ['health'],
    access: 'public',
    data: healthStatus,
    errors: [],
  }),
};
