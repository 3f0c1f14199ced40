import type { IsolationArea } from '../../../test/isolation.js';
import { insertMulticast } from './multicast.repository.js';

const BASE = '/api/robot-server/multicast';
const FORM = { enabled: true, ip: '239.0.0.9', telecontrolPort: 5000, telemetryPort: 5001, videoPort: 5002 };

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const row = await insertMulticast(t.db, tenant.tenantId, { ...FORM, name: `Mc ${tenant.marker}`.slice(0, 50) });
    tenant.ids.multicast = row.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      resource: `POST ${BASE}/create`,
      // Made in the caller's tenant; B's robot in it is refused (422) and B is untouched.
      ownData: true,
      request: (w) => ({ url: `${BASE}/create`, payload: { ...FORM, name: 'Own', robotIds: [w.b.ids.robot] } }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...FORM, multicastId: w.b.ids.multicast, name: 'Taken over', robotIds: [] },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { multicastId: w.b.ids.multicast } }),
    },
  ],
};
