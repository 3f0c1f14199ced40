import type { IsolationArea } from '../../../test/isolation.js';
import { insertAlarmOnce } from '../alarms/alarms.repository.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertTrackPoints } from './tracks.repository.js';

const BASE = '/api/task-server/track';
// Two hours ago, well inside the retention: the purge that runs a minute after the app starts
// must find nothing of these points to delete while the walk runs.
const FROM = Math.floor(Date.now() / 3600_000) * 3600_000 - 2 * 3600_000;
const TO = FROM + 3600_000;

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-TR`,
      name: `Track ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    await insertTrackPoints(
      t.db,
      [0, 1, 2].map((i) => ({
        robotId: robot.id,
        tenantId: tenant.tenantId,
        ts: FROM + 60_000 * (i + 1),
        lat: 22.54 + i * 0.001,
        lng: 114.05,
        speed: 1,
        direction: 0,
        mode: 'patrolling',
      })),
    );
    await insertAlarmOnce(t.db, {
      tenantId: tenant.tenantId,
      kind: 'sentiment',
      robotId: robot.id,
      robotName: robot.name,
      serialNumber: robot.serialNumber,
      messageId: `${tenant.marker}-tr`,
      code: 'CROWD',
      msg: `${tenant.marker} on the track`,
      level: 1,
      reportedAt: new Date(FROM + 90_000),
      topic: `patrol/${robot.serialNumber}/event`,
    });
    tenant.ids.trackRobot = robot.id;
  },
  cases: [
    {
      resource: `GET ${BASE}/query`,
      request: ({ b }) => ({
        url: `${BASE}/query`,
        query: { robotId: String(b.ids.trackRobot), from: String(FROM), to: String(TO) },
      }),
    },
    {
      resource: `GET ${BASE}/marks`,
      request: ({ b }) => ({
        url: `${BASE}/marks`,
        query: { robotId: String(b.ids.trackRobot), from: String(FROM), to: String(TO) },
      }),
    },
  ],
};
