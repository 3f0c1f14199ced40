import type { IsolationArea } from '../../../test/isolation.js';
import { insertPointCloud } from './point-clouds.repository.js';

const BASE = '/api/robot-server/point-cloud';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const key = `point-clouds/${tenant.tenantId}/${tenant.marker}.pcd`;
    await t.app.storage.put(key, Buffer.from(`# ${tenant.marker}\n`), 'application/octet-stream');
    const row = await insertPointCloud(t.db, {
      tenantId: tenant.tenantId,
      robotId: tenant.ids.robot ?? 0,
      robotName: `${tenant.marker}-robot`,
      serialNumber: `${tenant.marker}-P1`,
      messageId: `${tenant.marker}-scan`,
      name: `${tenant.marker}.pcd`,
      format: 'pcd',
      fileKey: key,
      sizeBytes: 20,
      points: 1,
      fields: '',
      capturedAt: new Date('2026-11-20T08:00:00.000Z'),
    });
    tenant.ids.pointCloud = row!.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    {
      resource: `GET ${BASE}/:pointCloudId`,
      request: ({ b }) => ({ url: `${BASE}/${b.ids.pointCloud}` }),
    },
    {
      resource: `GET ${BASE}/:pointCloudId/file`,
      request: ({ b }) => ({ url: `${BASE}/${b.ids.pointCloud}/file` }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: ({ b }) => ({ url: `${BASE}/delete`, payload: { pointCloudId: b.ids.pointCloud } }),
    },
  ],
};
