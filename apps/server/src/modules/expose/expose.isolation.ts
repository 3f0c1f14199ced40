import type { IsolationArea } from '../../../test/isolation.js';
import { insertExposeAccount } from './expose.repository.js';

const BASE = '/api/system-server/expose';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const row = await insertExposeAccount(t.db, tenant.tenantId, {
      name: `Partner ${tenant.marker}`,
      account: `${tenant.marker}partner`,
      passwordHash: 'scrypt$not-a-real-hash',
    });
    tenant.ids.exposeAccount = row.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      resource: `POST ${BASE}/create`,
      ownData: true,
      request: () => ({
        url: `${BASE}/create`,
        payload: { name: 'Own partner', account: `own${Date.now()}`, password: 'Conn-pass-99' },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { exposeId: w.b.ids.exposeAccount, name: 'Taken over', password: 'Hijack-pass-1' },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { exposeId: w.b.ids.exposeAccount, status: 0 } }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { exposeId: w.b.ids.exposeAccount } }),
    },
  ],
};
