import { noticesApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createNoticesService, type NoticesService } from './notices.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** System notices: the alarms module tells administrators of escalated alarms through it. */
    notices: NoticesService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const service = createNoticesService(app.ctx, app.hub);
  app.decorate('notices', service);

  route(app, noticesApi.pageMyNotices, async (request) =>
    ok(await service.myPage(requireAuth(request), request.query)),
  );

  route(app, noticesApi.publishNotice, async (request) =>
    ok(await service.publish(requireAuth(request), request.body)),
  );

  route(app, noticesApi.markNoticesRead, async (request) =>
    ok(await service.markMineRead(requireAuth(request), request.body.noticeIds)),
  );

  route(app, noticesApi.markAllNoticesRead, async (request) =>
    ok(await service.markAllMineRead(requireAuth(request), request.body.type)),
  );
};

/** System notices, delivered live to their recipients' consoles. */
export const noticesPlugin = fp(plugin, { name: 'notices', dependencies: ['context', 'hub'] });
