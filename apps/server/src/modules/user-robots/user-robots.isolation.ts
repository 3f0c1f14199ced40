import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { replaceAssignments } from './user-robots.repository.js';

const BASE = '/api/robot-server/user-robot';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-A1`,
      name: `Assigned ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    tenant.ids.assignedRobot = robot.id;
    await replaceAssignments(t.db, tenant.tenantId, tenant.admin.id, [robot.id]);
  },
  cases: [
    { resource: `GET ${BASE}/users`, ownData: true, request: () => ({ url: `${BASE}/users` }) },
    {
      resource: `GET ${BASE}/list`,
      request: (w) => ({ url: `${BASE}/list`, query: { userId: String(w.b.admin.id) } }),
    },
    {
      resource: `POST ${BASE}/assign`,
      request: (w) => ({ url: `${BASE}/assign`, payload: { userId: w.b.admin.id, robotIds: [] } }),
    },
  ],
};
