import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobotDays, insertRobotHours } from './dashboards.repository.js';

const BASE = '/api/dashboard-server/dashboards';
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export const isolation: IsolationArea = {
  // Hours and days of the tenant's robots (seeded by the robots area after this one, so an id of our own).
  seed: async (t, tenant) => {
    tenant.ids.robotHoursRobot = 1_000_000 + tenant.tenantId;
    await insertRobotHours(t.db, [
      {
        robotId: tenant.ids.robotHoursRobot,
        tenantId: tenant.tenantId,
        hour: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
        distanceM: 120,
        onlineS: 600,
        samples: 600,
      },
    ]);
    await insertRobotDays(t.db, [
      { robotId: tenant.ids.robotHoursRobot, tenantId: tenant.tenantId, day: today(), distanceM: 120, onlineS: 600 },
    ]);
  },
  cases: [
    { resource: `GET ${BASE}/overview`, ownData: true, request: () => ({ url: `${BASE}/overview` }) },
    { resource: `GET ${BASE}/mine`, ownData: true, request: () => ({ url: `${BASE}/mine` }) },
    {
      // B's robots named: left out, so nothing of B is counted or named.
      resource: `GET ${BASE}/trends`,
      ownData: true,
      request: (w) => ({
        url: `${BASE}/trends`,
        query: {
          from: yesterday(),
          to: today(),
          robotIds: [w.b.ids.robot, w.b.ids.robotHoursRobot].filter(Boolean).join(','),
        },
      }),
    },
    {
      resource: `GET ${BASE}/abnormal`,
      ownData: true,
      request: (w) => ({
        url: `${BASE}/abnormal`,
        query: { from: yesterday(), to: today(), robotId: String(w.b.ids.robot ?? w.b.ids.robotHoursRobot) },
      }),
    },
  ],
};
