import {
  markNoticesReadRequest,
  markNoticesReadResponse,
  noticePage,
  noticePageQuery,
  publishNoticeRequest,
  publishNoticeResponse,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { RealtimeHub } from '../realtime/realtime.service.js';
import { createNoticesService } from './notices.service.js';

export const noticesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; hub: RealtimeHub }> = async (
  app,
  { ctx, hub },
) => {
  const service = createNoticesService(ctx, hub);

  app.get(
    '/notice-server/notice/my/page',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'pageMyNotices',
        summary: "One page (15) of the caller's notices in the acting tenant, newest first",
        tags: ['notices'],
        querystring: noticePageQuery,
        response: responses(noticePage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.myPage(requireAuth(request), request.query)),
  );

  app.post(
    '/notice-server/notice/publish',
    {
      config: { access: 'grant' },
      schema: {
        operationId: 'publishNotice',
        summary: 'Send a system notice to users of the acting tenant (all when userIds is absent)',
        tags: ['notices'],
        body: publishNoticeRequest,
        response: responses(publishNoticeResponse, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await service.publish(requireAuth(request), request.body)),
  );

  app.post(
    '/notice-server/notice/read',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'markNoticesRead',
        summary: "Mark some of the caller's own notices read",
        tags: ['notices'],
        body: markNoticesReadRequest,
        response: responses(markNoticesReadResponse, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.markMineRead(requireAuth(request), request.body.noticeIds)),
  );
};
