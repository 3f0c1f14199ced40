import type { IsolationArea } from '../../../test/isolation.js';

/** The live fleet answers the caller's tenant only; B's robots (seeded by the robots area) never show. */
export const isolation: IsolationArea = {
  cases: [
    {
      resource: 'GET /api/robot-server/monitor/live',
      ownData: true,
      request: () => ({ url: '/api/robot-server/monitor/live' }),
    },
  ],
};
