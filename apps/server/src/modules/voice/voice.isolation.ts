import type { IsolationArea } from '../../../test/isolation.js';
import { insertRobot } from '../robots/robots.shared.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertAudioFile } from './voice.repository.js';

const BASE = '/api/voice';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const robot = await insertRobot(t.db, tenant.tenantId, {
      productId: 'PR-1000',
      serialNumber: `${tenant.marker}-VC`,
      name: `Voice ${tenant.marker}`.slice(0, 50),
      publicKey: newRobotKeyPair().publicKey,
    });
    tenant.ids.voiceRobot = robot.id;
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
  },
  cases: [
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
  ],
};
