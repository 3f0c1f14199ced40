import type { IsolationArea } from '../../../test/isolation.js';
import { makeScheduledTask } from './schedules.fixtures.js';
import { insertSchedule } from './schedules.repository.js';

const BASE = '/api/task-server/schedule';
const REPEAT = {
  priority: 5,
  method: 'repeat',
  times: null,
  timeOfDay: '08:00',
  startDay: 1,
  endDay: 31,
  startMonth: 1,
  endMonth: 12,
} as const;

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const taskId = await makeScheduledTask(t.db, tenant.tenantId, { name: `Sched ${tenant.marker}` });
    tenant.ids.scheduleTask = taskId;
    const row = await insertSchedule(t.db, tenant.tenantId, {
      ...REPEAT,
      taskId,
      robotId: null,
      dates: [],
      weekdays: [],
      status: 1,
      nextRunAt: new Date(Date.now() + 86_400_000),
      timeZone: 'Asia/Shanghai',
    });
    tenant.ids.schedule = row.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/zone`, ownData: true, request: () => ({ url: `${BASE}/zone` }) },
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({ url: `${BASE}/create`, payload: { ...REPEAT, taskId: w.b.ids.scheduleTask } }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...REPEAT, scheduleId: w.b.ids.schedule, taskId: w.b.ids.scheduleTask },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { scheduleId: w.b.ids.schedule, status: 0 } }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { scheduleId: w.b.ids.schedule } }),
    },
  ],
};
