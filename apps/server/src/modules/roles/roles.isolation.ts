import type { IsolationArea } from '../../../test/isolation.js';
import { menuId } from '../../../test/factories.js';
import { ensureRole, grantMenus } from './roles.repository.js';

const BASE = '/api/system-server/role';

/**
 * Roles are aimed at a role of tenant B that nobody holds and that holds a menu: a delete or a
 * change of grants that crossed tenants would show in B's rows.
 */
export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const { role } = await ensureRole(t.db, tenant.tenantId, {
      name: `Role ${tenant.marker}`,
      code: `role_${tenant.marker}`,
      remark: `Remark ${tenant.marker}`,
    });
    await grantMenus(t.db, tenant.tenantId, role.id, [await menuId(t, 'position')]);
    tenant.ids.spareRole = role.id;
  },
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
        payload: { roleId: w.b.ids.spareRole, roleName: 'Taken over', roleCode: 'takenOver' },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { roleId: w.b.ids.spareRole } }),
    },
    {
      resource: `GET ${BASE}/grants`,
      request: (w) => ({ url: `${BASE}/grants`, query: { roleId: String(w.b.ids.spareRole) } }),
    },
    {
      resource: `POST ${BASE}/grant`,
      request: (w) => ({
        url: `${BASE}/grant`,
        payload: { roleId: w.b.ids.spareRole, menuIds: [], resourceIds: [] },
      }),
    },
  ],
};
