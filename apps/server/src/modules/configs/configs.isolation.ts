import type { IsolationArea } from '../../../test/isolation.js';

export const isolation: IsolationArea = {
  cases: [
    // Console settings are shared by every tenant; reading them shows nothing of a tenant.
    {
      resource: 'GET /api/system-server/config/list',
      ownData: true,
      request: () => ({ url: '/api/system-server/config/list', query: { keys: 'msgSocketUrl' } }),
    },
    // Managing them is for platform administrators: a tenant's administrator is refused.
    { resource: 'GET /api/system-server/config/page', request: () => ({ url: '/api/system-server/config/page' }) },
    {
      resource: 'POST /api/system-server/config/update',
      request: () => ({
        url: '/api/system-server/config/update',
        payload: { configKey: '3dDashboardUrl', configValue: 'https://evil.example.com' },
      }),
    },
  ],
};
