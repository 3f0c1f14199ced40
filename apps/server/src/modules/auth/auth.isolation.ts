import type { IsolationArea } from '../../../test/isolation.js';

export const isolation: IsolationArea = {
  cases: [
    // Ends the caller's own session only; the walk signs in again for each call.
    {
      resource: 'POST /api/system-server/auth/logout',
      ownData: true,
      request: () => ({ url: '/api/system-server/auth/logout', payload: {} }),
    },
  ],
};
