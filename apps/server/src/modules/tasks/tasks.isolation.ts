import type { IsolationArea } from '../../../test/isolation.js';
import { insertJob } from '../jobs/jobs.shared.js';
import { insertStation } from '../stations/stations.shared.js';
import { insertTask, setTaskJobs } from './tasks.repository.js';

const BASE = '/api/task-server/task';
const FORM = { type: 'routine', description: '' };
const AREA: [number, number][] = [
  [114.0575, 22.5428],
  [114.0581, 22.5428],
  [114.0581, 22.5433],
  [114.0575, 22.5433],
];

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const station = await insertStation(t.db, tenant.tenantId, {
      name: `Ts ${tenant.marker}`.slice(0, 50),
      area: AREA,
    });
    const job = await insertJob(t.db, tenant.tenantId, {
      name: `Tj ${tenant.marker}`.slice(0, 50),
      type: 'patrol',
      stationId: station.id,
      description: '',
      triggerName: 'Each node',
      triggerType: 'eachNode',
      actionName: 'Speak',
      actionType: 'speak',
      rounds: 1,
      speakerData: 'Patrol in progress',
      nodes: [
        { lng: 114.0576, lat: 22.5429, mode: 1, type: 0, guide: 'Gate' },
        { lng: 114.058, lat: 22.5432, mode: 2, type: 1, guide: 'Store' },
      ],
    });
    const task = await insertTask(t.db, tenant.tenantId, {
      name: `Ta ${tenant.marker}`.slice(0, 50),
      type: 'routine',
      description: '',
      stationId: station.id,
    });
    await setTaskJobs(t.db, tenant.tenantId, task.id, [job.id]);
    tenant.ids.taskJob = job.id;
    tenant.ids.task = task.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/list`, ownData: true, request: () => ({ url: `${BASE}/list` }) },
    {
      // A task of B's job.
      resource: `POST ${BASE}/create`,
      request: (w) => ({ url: `${BASE}/create`, payload: { ...FORM, name: 'Their job', jobIds: [w.b.ids.taskJob] } }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...FORM, taskId: w.b.ids.task, name: 'Taken over', jobIds: [w.a.ids.taskJob] },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { taskId: w.b.ids.task, status: 0 } }),
    },
    { resource: `POST ${BASE}/delete`, request: (w) => ({ url: `${BASE}/delete`, payload: { taskId: w.b.ids.task } }) },
  ],
};
