import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { saveCameras } from './video.repository.js';

const BASE = '/api/video';
const FROM = Date.parse('2026-01-02T03:00:00.000Z');
const camera = (b: { ids: Record<string, number> }) => ({ robotId: String(b.ids.videoRobot), camera: 'front' });

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-VD`,
      name: `Video ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    await saveCameras(t.db, robot.serialNumber, [{ id: 'front', name: 'Front' }]);
    tenant.ids.videoRobot = robot.id;
  },
  cases: [
    { resource: `GET ${BASE}/cameras`, ownData: true, request: () => ({ url: `${BASE}/cameras` }) },
    { resource: `GET ${BASE}/live`, request: ({ b }) => ({ url: `${BASE}/live`, query: camera(b) }) },
    {
      resource: `GET ${BASE}/history`,
      request: ({ b }) => ({
        url: `${BASE}/history`,
        query: { ...camera(b), from: String(FROM), to: String(FROM + 3600_000) },
      }),
    },
    {
      resource: `GET ${BASE}/clip`,
      request: ({ b }) => ({
        url: `${BASE}/clip`,
        query: { ...camera(b), from: String(FROM), to: String(FROM + 60_000) },
      }),
    },
    { resource: `GET ${BASE}/layout`, ownData: true, request: () => ({ url: `${BASE}/layout` }) },
    {
      resource: `POST ${BASE}/layout`,
      ownData: true,
      request: ({ b }) => ({
        url: `${BASE}/layout`,
        payload: { grid: 4, tiles: [{ robotId: b.ids.videoRobot, camera: 'front' }] },
      }),
    },
  ],
};
