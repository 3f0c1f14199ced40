import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobot } from './robots.repository.js';
import { newRobotKeyPair } from './robots.service.js';

const BASE = '/api/robot-server/robot';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const row = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-R1`,
      name: `Robot ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    tenant.ids.robot = row.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/export`, ownData: true, request: () => ({ url: `${BASE}/export` }) },
    {
      resource: `POST ${BASE}/create`,
      ownData: true,
      request: () => ({
        url: `${BASE}/create`,
        payload: { productId: 'PR-1000', serialNumber: `OWN-${Date.now()}`, name: 'Own robot' },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { robotId: w.b.ids.robot, productId: 'PR-2000', name: 'Taken over' },
      }),
    },
    {
      resource: `POST ${BASE}/rotateKey`,
      request: (w) => ({ url: `${BASE}/rotateKey`, payload: { robotId: w.b.ids.robot } }),
    },
    {
      resource: `GET ${BASE}/move/page`,
      request: (w) => ({ url: `${BASE}/move/page`, query: { tenantId: String(w.b.tenantId) } }),
    },
    {
      resource: `POST ${BASE}/move`,
      request: (w) => ({ url: `${BASE}/move`, payload: { robotIds: [w.b.ids.robot], targetTenantId: w.a.tenantId } }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { robotId: w.b.ids.robot } }),
    },
  ],
};
