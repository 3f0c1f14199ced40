import type { IsolationArea } from '../../../test/isolation.js';
import { digest } from '../../../test/factories.js';

const BASE = '/api/system-server/tenant';

/** Tenant routes are for platform administrators: a tenant's administrator gets 403 on each. */
export const isolation: IsolationArea = {
  cases: [
    { resource: `GET ${BASE}/page`, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/export`, request: () => ({ url: `${BASE}/export` }) },
    { resource: `GET ${BASE}/options`, request: () => ({ url: `${BASE}/options` }) },
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({
        url: `${BASE}/create`,
        payload: {
          tenantCode: `${w.b.marker}x`,
          tenantName: `${w.b.marker} copy`,
          adminPhone: '13800138000',
          adminAccount: `${w.b.marker}new`,
          adminName: 'Nobody',
          adminPassword: digest('Tenant-pass9'),
          adminEmail: 'nobody@example.com',
        },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: {
          tenantId: w.b.tenantId,
          tenantName: 'Taken over',
          adminPhone: '13800138000',
          adminName: 'Mallory',
          adminEmail: 'mallory@example.com',
          dashboard3d: true,
        },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { tenantId: w.b.tenantId, status: 0 } }),
    },
  ],
};
