import type { IsolationArea } from '../../../test/isolation.js';

/** The service list is the platform's: a tenant's administrator is refused. */
export const isolation: IsolationArea = {
  cases: [
    { resource: 'GET /api/system-server/server/list', request: () => ({ url: '/api/system-server/server/list' }) },
  ],
};
