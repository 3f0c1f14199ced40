import type { IsolationArea } from '../../../test/isolation.js';

/**
 * The base map's files belong to the site, not to a tenant: every signed-in user reads the same
 * folder, and nothing of a tenant is in it (ownData: the walk still checks that naming another
 * tenant in `tenant-id` is refused and that nothing of it is read).
 */
export const isolation: IsolationArea = {
  cases: [
    {
      resource: 'GET /api/map-server/sources',
      ownData: true,
      request: () => ({ url: '/api/map-server/sources' }),
    },
    {
      resource: 'GET /api/map-server/tiles/:source/:z/:x/:y',
      ownData: true,
      request: () => ({ url: '/api/map-server/tiles/site/18/0/0' }),
    },
    {
      resource: 'GET /api/map-server/images/:source',
      ownData: true,
      request: () => ({ url: '/api/map-server/images/site.svg' }),
    },
  ],
};
