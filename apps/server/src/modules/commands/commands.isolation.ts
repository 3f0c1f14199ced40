import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertCommandRecord, insertCommandReply } from './commands.repository.js';

const BASE = '/api/robot-server/cmd';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-C1`,
      name: `Commanded ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    tenant.ids.commandRobot = robot.id;
    const commandId = `${tenant.marker}-cmd`;
    const common = { tenantId: tenant.tenantId, commandId, robotId: robot.id, robotName: robot.name };
    await insertCommandRecord(t.db, {
      ...common,
      serialNumber: robot.serialNumber,
      topic: `patrol/${robot.serialNumber}/cmd`,
      name: 'lights',
      args: { on: true },
      status: 'done',
      expiresAt: new Date(Date.now() + 30_000),
    });
    await insertCommandReply(t.db, {
      ...common,
      serialNumber: robot.serialNumber,
      topic: `patrol/${robot.serialNumber}/cmd/reply`,
      commandName: 'lights',
      phase: 'sync',
      code: 0,
    });
  },
  cases: [
    {
      resource: `POST ${BASE}/send`,
      request: (w) => ({
        url: `${BASE}/send`,
        payload: { robotId: w.b.ids.commandRobot, command: { name: 'lights', args: { on: true } } },
      }),
    },
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/reply/page`, ownData: true, request: () => ({ url: `${BASE}/reply/page` }) },
    { resource: `GET ${BASE}/export`, ownData: true, request: () => ({ url: `${BASE}/export` }) },
    { resource: `GET ${BASE}/reply/export`, ownData: true, request: () => ({ url: `${BASE}/reply/export` }) },
  ],
};
