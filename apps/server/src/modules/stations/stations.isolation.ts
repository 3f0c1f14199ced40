import type { IsolationArea } from '../../../test/isolation.js';
import { insertStation } from './stations.repository.js';

const BASE = '/api/robot-server/station';
const AREA: [number, number][] = [
  [114.0571, 22.5425],
  [114.0587, 22.5425],
  [114.0587, 22.5437],
  [114.0571, 22.5437],
];

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const row = await insertStation(t.db, tenant.tenantId, { name: `St ${tenant.marker}`.slice(0, 50), area: AREA });
    tenant.ids.station = row.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/list`, ownData: true, request: () => ({ url: `${BASE}/list` }) },
    {
      resource: `POST ${BASE}/create`,
      ownData: true,
      request: () => ({ url: `${BASE}/create`, payload: { name: 'Own station', area: AREA } }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { stationId: w.b.ids.station, name: 'Taken over', area: AREA },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { stationId: w.b.ids.station } }),
    },
    {
      resource: 'POST /api/robot-server/robot/station',
      request: (w) => ({
        url: '/api/robot-server/robot/station',
        payload: { robotIds: [w.b.ids.robot], stationId: w.b.ids.station },
      }),
    },
  ],
};
