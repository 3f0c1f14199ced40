import { randomUUID } from 'node:crypto';
import type { IsolationArea, IsolationCase, IsolationTenant } from '../../../test/isolation.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertSession } from './voice.sessions.repository.js';

// ---------------------------------------------------------------------------------------------
// Live announcements: a robot of the tenant with an open announcement on it.
// ---------------------------------------------------------------------------------------------

/** The announcement of each tenant, by tenant id (session ids are UUIDs, not numeric row ids). */
const intercomSessions = new Map<number, string>();

async function seedIntercom(t: TestApp, tenant: IsolationTenant): Promise<void> {
  const robot = await insertRobot(t.db, tenant.tenantId, {
    productId: 'PR-1000',
    serialNumber: `${tenant.marker}-VC`,
    name: `Voice ${tenant.marker}`.slice(0, 50),
    publicKey: newRobotKeyPair().publicKey,
  });
  tenant.ids.voiceRobot = robot.id;
  const session = await insertSession(t.db, {
    id: randomUUID(),
    tenantId: tenant.tenantId,
    robotId: robot.id,
    robotName: robot.name,
    serialNumber: robot.serialNumber,
    userId: tenant.admin.id,
    operatorName: `Operator ${tenant.marker}`.slice(0, 100),
  });
  intercomSessions.set(tenant.tenantId, session!.id);
}

const intercomCases: IsolationCase[] = [
  {
    resource: 'POST /api/voice/intercom/start',
    request: ({ b }) => ({ url: '/api/voice/intercom/start', payload: { robotId: b.ids.voiceRobot } }),
  },
  {
    resource: 'POST /api/voice/intercom/end',
    request: ({ b }) => ({ url: '/api/voice/intercom/end', payload: { sessionId: intercomSessions.get(b.tenantId) } }),
  },
  {
    resource: 'GET /api/voice/intercom/holder',
    request: ({ b }) => ({ url: '/api/voice/intercom/holder', query: { robotId: String(b.ids.voiceRobot) } }),
  },
  {
    resource: 'GET /api/voice/announcements',
    ownData: true,
    request: ({ b }) => ({ url: '/api/voice/announcements', query: { robotId: String(b.ids.voiceRobot) } }),
  },
];

// ---------------------------------------------------------------------------------------------

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    await seedIntercom(t, tenant);
  },
  cases: [...intercomCases],
};
