import type { IsolationArea } from '../../../test/isolation.js';

export const isolation: IsolationArea = {
  cases: [
    // The route table is global; it holds no tenant's data.
    {
      resource: 'GET /api/system-server/resource/list',
      ownData: true,
      request: () => ({ url: '/api/system-server/resource/list' }),
    },
  ],
};
