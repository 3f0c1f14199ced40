import type { IsolationArea } from '../../../test/isolation.js';
import { insertUploadRecord } from './uploads.repository.js';

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    await insertUploadRecord(t.db, {
      tenantId: tenant.tenantId,
      messageId: `${tenant.marker}-up`,
      robotId: 1,
      robotName: 'Uploader',
      serialNumber: `${tenant.marker}-U1`,
      topic: `patrol/${tenant.marker}-U1/upload`,
      kind: 'image',
      name: `${tenant.marker}.jpg`,
      size: 1000,
      uploadedAt: new Date(),
    });
  },
  cases: [
    {
      resource: 'GET /api/robot-server/upload/page',
      ownData: true,
      request: () => ({ url: '/api/robot-server/upload/page' }),
    },
    {
      resource: 'GET /api/robot-server/upload/export',
      ownData: true,
      request: () => ({ url: '/api/robot-server/upload/export' }),
    },
  ],
};
