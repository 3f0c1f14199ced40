import { randomUUID } from 'node:crypto';
import type { IsolationArea, IsolationCase, IsolationTenant } from '../../../test/isolation.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertAudioFile } from './voice.repository.js';
import { insertSession } from './voice.sessions.repository.js';

const BASE = '/api/voice';

/** The announcement of each tenant, by tenant id (session ids are UUIDs, not numeric row ids). */
const intercomSessions = new Map<number, string>();

/** Each tenant: a robot with an open announcement on it, and an audio file. */
async function seed(t: TestApp, tenant: IsolationTenant): Promise<void> {
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
  const sha256 = tenant.marker.padEnd(64, '0').slice(0, 64);
  const file = await insertAudioFile(t.db, {
    tenantId: tenant.tenantId,
    name: `Audio ${tenant.marker}`,
    sha256,
    size: 4096,
    durationMs: 1000,
    bitrate: 32,
    sampleRate: 32000,
    storageKey: `audio/${tenant.tenantId}/${sha256}.mp3`,
  });
  tenant.ids.audioFile = file!.id;
}

const fileCases: IsolationCase[] = [
  { resource: `GET ${BASE}/files`, ownData: true, request: () => ({ url: `${BASE}/files`, query: { index: '1' } }) },
  // A JSON body is no upload: refused before anything is read or kept.
  {
    resource: `POST ${BASE}/files/upload`,
    ownData: true,
    request: () => ({ url: `${BASE}/files/upload`, payload: {} }),
  },
  {
    resource: `POST ${BASE}/files/rename`,
    request: ({ b }) => ({ url: `${BASE}/files/rename`, payload: { fileId: b.ids.audioFile, name: 'Renamed' } }),
  },
  {
    resource: `POST ${BASE}/files/delete`,
    request: ({ b }) => ({ url: `${BASE}/files/delete`, payload: { fileId: b.ids.audioFile } }),
  },
  {
    resource: `GET ${BASE}/files/url`,
    request: ({ b }) => ({ url: `${BASE}/files/url`, query: { fileId: String(b.ids.audioFile) } }),
  },
  {
    resource: `POST ${BASE}/playback`,
    request: ({ b }) => ({ url: `${BASE}/playback`, payload: { robotIds: [b.ids.voiceRobot], action: 'stop' } }),
  },
];

const intercomCases: IsolationCase[] = [
  {
    resource: `POST ${BASE}/intercom/start`,
    request: ({ b }) => ({ url: `${BASE}/intercom/start`, payload: { robotId: b.ids.voiceRobot } }),
  },
  {
    resource: `POST ${BASE}/intercom/end`,
    request: ({ b }) => ({ url: `${BASE}/intercom/end`, payload: { sessionId: intercomSessions.get(b.tenantId) } }),
  },
  {
    resource: `GET ${BASE}/intercom/holder`,
    request: ({ b }) => ({ url: `${BASE}/intercom/holder`, query: { robotId: String(b.ids.voiceRobot) } }),
  },
  {
    resource: `GET ${BASE}/announcements`,
    ownData: true,
    request: ({ b }) => ({ url: `${BASE}/announcements`, query: { robotId: String(b.ids.voiceRobot) } }),
  },
];

export const isolation: IsolationArea = { seed, cases: [...fileCases, ...intercomCases] };
