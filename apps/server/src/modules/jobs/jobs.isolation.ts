import type { IsolationArea } from '../../../test/isolation.js';
import { insertStation } from '../stations/stations.shared.js';
import { insertJob } from './jobs.repository.js';

const BASE = '/api/task-server/job';
const AREA: [number, number][] = [
  [114.0575, 22.5428],
  [114.0581, 22.5428],
  [114.0581, 22.5433],
  [114.0575, 22.5433],
];
const NODES = [
  { lng: 114.0576, lat: 22.5429, mode: 1 as const, type: 0 as const, guide: 'Gate' },
  { lng: 114.058, lat: 22.5432, mode: 2 as const, type: 1 as const, guide: 'Store' },
];
const FORM = {
  type: 'patrol' as const,
  description: '',
  triggerName: 'Each node',
  triggerType: 'eachNode' as const,
  actionName: 'Speak',
  actionType: 'speak' as const,
  rounds: 1,
  speakerData: 'Patrol in progress',
  nodes: NODES,
};
const CSV = 'lng,lat,mode,type,guide\r\n114.0576,22.5429,1,0,Gate\r\n114.058,22.5432,2,1,Store';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const station = await insertStation(t.db, tenant.tenantId, {
      name: `Js ${tenant.marker}`.slice(0, 50),
      area: AREA,
    });
    const job = await insertJob(t.db, tenant.tenantId, {
      ...FORM,
      name: `Jo ${tenant.marker}`.slice(0, 50),
      stationId: station.id,
    });
    tenant.ids.jobStation = station.id;
    tenant.ids.job = job.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      // Asked for B's station: nothing of B answers (an empty list).
      resource: `GET ${BASE}/list`,
      ownData: true,
      request: (w) => ({ url: `${BASE}/list`, query: { stationId: String(w.b.ids.jobStation) } }),
    },
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({
        url: `${BASE}/create`,
        payload: { ...FORM, name: 'In their station', stationId: w.b.ids.jobStation },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...FORM, jobId: w.b.ids.job, name: 'Taken over', stationId: w.a.ids.jobStation },
      }),
    },
    { resource: `POST ${BASE}/delete`, request: (w) => ({ url: `${BASE}/delete`, payload: { jobId: w.b.ids.job } }) },
    {
      resource: `POST ${BASE}/import`,
      request: (w) => ({ url: `${BASE}/import`, payload: { jobId: w.b.ids.job, text: CSV } }),
    },
    {
      resource: `GET ${BASE}/export`,
      request: (w) => ({ url: `${BASE}/export`, query: { jobId: String(w.b.ids.job) } }),
    },
  ],
};
