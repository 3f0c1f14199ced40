import type { IsolationArea } from '../../../test/isolation.js';

const BASE = '/api/system-server/role';

/** Roles are aimed at tenant B's role (the role of its administrator, seeded by the users area). */
export const isolation: IsolationArea = {
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      resource: `POST ${BASE}/create`,
      ownData: true,
      request: () => ({ url: `${BASE}/create`, payload: { roleName: 'Own role', roleCode: `own${Date.now()}` } }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { roleId: w.b.ids.role, roleName: 'Taken over', roleCode: 'takenOver' },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { roleId: w.b.ids.role } }),
    },
    {
      resource: `GET ${BASE}/grants`,
      request: (w) => ({ url: `${BASE}/grants`, query: { roleId: String(w.b.ids.role) } }),
    },
    {
      resource: `POST ${BASE}/grant`,
      request: (w) => ({ url: `${BASE}/grant`, payload: { roleId: w.b.ids.role, menuIds: [], resourceIds: [] } }),
    },
  ],
};
