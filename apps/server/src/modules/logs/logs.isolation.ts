import type { IsolationArea } from '../../../test/isolation.js';

/** Both logs list the acting tenant's rows only; the walk checks that none of B's shows up. */
export const isolation: IsolationArea = {
  cases: [
    {
      resource: 'GET /api/log-server/login/page',
      ownData: true,
      request: () => ({ url: '/api/log-server/login/page' }),
    },
    {
      resource: 'GET /api/log-server/login/export',
      ownData: true,
      request: () => ({ url: '/api/log-server/login/export' }),
    },
    {
      resource: 'GET /api/log-server/operation/page',
      ownData: true,
      request: () => ({ url: '/api/log-server/operation/page' }),
    },
    {
      resource: 'GET /api/log-server/operation/export',
      ownData: true,
      request: () => ({ url: '/api/log-server/operation/export' }),
    },
  ],
};
