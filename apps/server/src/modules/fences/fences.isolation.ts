import type { IsolationArea } from '../../../test/isolation.js';
import { insertStation } from '../stations/stations.shared.js';
import { insertFence } from './fences.repository.js';

const BASE = '/api/enclosure-server/fence';
const POINTS: [number, number][] = [
  [114.0575, 22.5428],
  [114.0581, 22.5428],
  [114.0581, 22.5433],
  [114.0575, 22.5433],
];
const FORM = { kind: 'forbidden', priority: 5, description: '', collected: false, points: POINTS };
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Imported', kind: 'slow', priority: 7 },
      geometry: { type: 'Polygon', coordinates: [[...POINTS, POINTS[0]]] },
    },
  ],
});

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const station = await insertStation(t.db, tenant.tenantId, {
      name: `Fs ${tenant.marker}`.slice(0, 50),
      area: POINTS,
    });
    const fence = await insertFence(t.db, tenant.tenantId, {
      ...FORM,
      kind: 'forbidden',
      name: `Fe ${tenant.marker}`.slice(0, 50),
      stationId: station.id,
      layerOrder: 1,
    });
    tenant.ids.fenceStation = station.id;
    tenant.ids.fence = fence.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      // Asked for B's station: nothing of B answers (an empty list).
      resource: `GET ${BASE}/list`,
      ownData: true,
      request: (w) => ({ url: `${BASE}/list`, query: { stationId: String(w.b.ids.fenceStation) } }),
    },
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({
        url: `${BASE}/create`,
        payload: { ...FORM, name: 'In their station', stationId: w.b.ids.fenceStation },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...FORM, fenceId: w.b.ids.fence, name: 'Taken over', stationId: w.a.ids.fenceStation },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { fenceId: w.b.ids.fence } }),
    },
    {
      resource: `POST ${BASE}/sort`,
      request: (w) => ({ url: `${BASE}/sort`, payload: { fenceId: w.b.ids.fence, move: 'top' } }),
    },
    {
      resource: `POST ${BASE}/import`,
      request: (w) => ({ url: `${BASE}/import`, payload: { stationId: w.b.ids.fenceStation, text: GEOJSON } }),
    },
    {
      resource: `GET ${BASE}/export`,
      ownData: true,
      request: (w) => ({ url: `${BASE}/export`, query: { stationId: String(w.b.ids.fenceStation) } }),
    },
  ],
};
