import type { IsolationArea } from '../../../test/isolation.js';
import { digest } from '../../../test/factories.js';

const BASE = '/api/system-server/user';

export const isolation: IsolationArea = {
  seed: async (_t, tenant) => {
    tenant.ids.user = tenant.admin.id;
    tenant.ids.role = tenant.admin.roleIds[0]!;
  },
  cases: [
    {
      resource: `GET ${BASE}/get/home/date`,
      ownData: true,
      request: () => ({ url: `${BASE}/get/home/date` }),
    },
    // The caller's own password, with a wrong old one: refused, nothing changes.
    {
      resource: `POST ${BASE}/updatePwd`,
      ownData: true,
      request: () => ({
        url: `${BASE}/updatePwd`,
        payload: { oldPwd: digest('not-the-password1'), newPwd: digest('Another-pass9') },
      }),
    },
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/export`, ownData: true, request: () => ({ url: `${BASE}/export` }) },
    { resource: `GET ${BASE}/role-options`, ownData: true, request: () => ({ url: `${BASE}/role-options` }) },
    // A user of A holding B's role: refused, nothing written.
    {
      resource: `POST ${BASE}/create`,
      request: (w) => ({
        url: `${BASE}/create`,
        payload: {
          account: `x${Date.now().toString(36)}`,
          username: 'Intruder',
          password: digest('Intruder-pass1'),
          roleIds: [w.b.ids.role],
        },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { userId: w.b.ids.user, username: 'Taken over', roleIds: [] },
      }),
    },
    {
      resource: `POST ${BASE}/status`,
      request: (w) => ({ url: `${BASE}/status`, payload: { userId: w.b.ids.user, status: 0 } }),
    },
    {
      resource: `POST ${BASE}/resetPwd`,
      request: (w) => ({
        url: `${BASE}/resetPwd`,
        payload: { userId: w.b.ids.user, password: digest('Hijack-pass1') },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { userId: w.b.ids.user } }),
    },
  ],
};
