import type { IsolationArea } from '../../../test/isolation.js';
import { digest } from '../../../test/factories.js';

export const isolation: IsolationArea = {
  seed: async (_t, tenant) => {
    tenant.ids.user = tenant.admin.id;
  },
  cases: [
    {
      resource: 'GET /api/system-server/user/get/home/date',
      ownData: true,
      request: () => ({ url: '/api/system-server/user/get/home/date' }),
    },
    // The caller's own password, with a wrong old one: refused, nothing changes.
    {
      resource: 'POST /api/system-server/user/updatePwd',
      ownData: true,
      request: () => ({
        url: '/api/system-server/user/updatePwd',
        payload: { oldPwd: digest('not-the-password1'), newPwd: digest('Another-pass9') },
      }),
    },
  ],
};
