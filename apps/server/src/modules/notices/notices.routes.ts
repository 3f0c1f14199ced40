import { noticesApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import type { RealtimeHub } from '../realtime/realtime.service.js';
import { createNoticesService } from './notices.service.js';
import { route } from '../../platform/route.js';

export const noticesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; hub: RealtimeHub }> = async (
  app,
  { ctx, hub },
) => {
  const service = createNoticesService(ctx, hub);

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
