import type { IsolationArea } from '../../../test/isolation.js';

export const isolation: IsolationArea = {
  cases: [
    // Console settings are shared by every tenant; reading them shows nothing of a tenant.
    {
      resource: 'GET /api/system-server/config/list',
      ownData: true,
      request: () => ({ url: '/api/system-server/config/list', query: { keys: 'msgSocketUrl' } }),
    },
  ],
};
