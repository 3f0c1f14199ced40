import { envelopeB, errorEnvelope, homeData, updatePasswordRequest } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS, SUCCESS_MESSAGE } from '../../platform/envelope.js';
import { requestLanguage, t } from '../../platform/i18n.js';
import type { AuthService } from '../auth/auth.service.js';
import { createUsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (
  app,
  { ctx, auth },
) => {
  const service = createUsersService(ctx, auth);

  app.get(
    '/system-server/user/get/home/date',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getHomeData',
        summary: "The caller's menu tree (titles in the request's language) and who they are",
        tags: ['users'],
        response: responses(homeData, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.homeData(requireAuth(request), requestLanguage(request))),
  );

  app.post(
    '/system-server/user/updatePwd',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'updatePassword',
        summary: "Change the caller's own password (envelope B; state 0 with a message when refused)",
        tags: ['users'],
        body: updatePasswordRequest,
        response: {
          200: envelopeB(z.null()),
          401: errorEnvelope,
          403: errorEnvelope,
          422: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request) => {
      const result = await service.changePassword(requireAuth(request), request.body);
      if (!result.changed) {
        const msg = t(request, result.reason);
        return { state: 0 as const, msg, message: msg, data: null };
      }
      return { state: 1 as const, msg: SUCCESS_MESSAGE, message: SUCCESS_MESSAGE, data: null };
    },
  );
};
