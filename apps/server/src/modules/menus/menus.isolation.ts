import type { IsolationArea } from '../../../test/isolation.js';
import { menuId } from '../../../test/factories.js';

const BASE = '/api/system-server/menu';

/** The menu tree is shared by every tenant: only platform administrators manage it. */
export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    tenant.ids.menu = await menuId(t, 'position');
  },
  cases: [
    { resource: `GET ${BASE}/tree`, request: () => ({ url: `${BASE}/tree` }) },
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({
        url: `${BASE}/create`,
        payload: {
          name: `${w.b.marker}x`,
          path: 'x',
          sort: 1,
          showFlag: 1,
          nameZhCn: 'x',
          nameZhTw: 'x',
          nameEnUs: 'x',
        },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { menuId: w.b.ids.menu, path: 'x', sort: 1, showFlag: 1, nameZhCn: 'x', nameZhTw: 'x', nameEnUs: 'x' },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { menuId: w.b.ids.menu, status: 0 } }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { menuId: w.b.ids.menu } }),
    },
  ],
};
