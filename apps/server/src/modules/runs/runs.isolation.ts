import type { IsolationArea } from '../../../test/isolation.js';
import { makeStationTask } from '../../../test/runs.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertRun } from './runs.repository.js';

const BASE = '/api/task-server/run';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-RUN`,
      name: `Runner ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    const { task } = await makeStationTask(t.db, tenant.tenantId, {
      name: `Rn ${tenant.marker}`,
      robotIds: [robot.id],
    });
    const run = await insertRun(t.db, {
      tenantId: tenant.tenantId,
      taskId: task.id,
      taskName: task.name,
      robotId: robot.id,
      robotName: robot.name,
      serialNumber: robot.serialNumber,
      source: 'manual',
      status: 'finished',
      plannedAt: new Date(),
      startedAt: new Date(),
      endedAt: new Date(),
    });
    tenant.ids.runRobot = robot.id;
    tenant.ids.runTask = task.id;
    tenant.ids.run = run!.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page`, query: { index: '1' } }) },
    {
      resource: `GET ${BASE}/detail`,
      request: (w) => ({ url: `${BASE}/detail`, query: { runId: String(w.b.ids.run) } }),
    },
    {
      // Their task on one's own robot (which would carry their task's name back): nothing starts.
      resource: `POST ${BASE}/start`,
      request: (w) => ({ url: `${BASE}/start`, payload: { taskId: w.b.ids.runTask, robotId: w.a.ids.runRobot } }),
    },
  ],
};
