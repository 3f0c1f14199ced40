import type { IsolationArea } from '../../../test/isolation.js';

/**
 * The diagnostics code is the platform's: a tenant's administrator can neither read, set nor
 * clear it. The figures hold no tenant's rows; without the code they answer 404.
 */
export const isolation: IsolationArea = {
  cases: [
    {
      resource: 'GET /api/system-server/diagnostics',
      request: () => ({ url: '/api/system-server/diagnostics', query: { code: 'not-the-code' } }),
    },
    {
      resource: 'GET /api/system-server/diagnostics/code',
      request: () => ({ url: '/api/system-server/diagnostics/code' }),
    },
    {
      resource: 'POST /api/system-server/diagnostics/code/set',
      request: () => ({ url: '/api/system-server/diagnostics/code/set', payload: { passcode: 'tenant-made-code' } }),
    },
    {
      resource: 'POST /api/system-server/diagnostics/code/clear',
      request: () => ({ url: '/api/system-server/diagnostics/code/clear', payload: {} }),
    },
  ],
};
