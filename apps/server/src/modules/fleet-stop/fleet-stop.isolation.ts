import type { IsolationArea } from '../../../test/isolation.js';

const BASE = '/api/robot-server/fleet';

// The fleet stop takes no id: each route acts in the caller's own tenant, and another tenant's stop
// is never read, started or ended.
export const isolation: IsolationArea = {
  cases: [
    { resource: `GET ${BASE}/stop`, ownData: true, request: () => ({ url: `${BASE}/stop` }) },
    {
      resource: `POST ${BASE}/stop`,
      ownData: true,
      request: () => ({ url: `${BASE}/stop`, payload: { confirm: true } }),
    },
    {
      resource: `POST ${BASE}/resume`,
      ownData: true,
      request: () => ({ url: `${BASE}/resume`, payload: { confirm: true } }),
    },
  ],
};
