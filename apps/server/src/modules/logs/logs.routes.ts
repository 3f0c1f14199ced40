import { logsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createLogsService } from './logs.service.js';
import { route } from '../../platform/route.js';

export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLogsService(ctx);

  route(app, logsApi.pageLoginLogs, async (request) =>
    ok(await service.loginPage(requireAuth(request), request.query)),
  );

  route(app, logsApi.exportLoginLogs, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await service.loginXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'logs.loginSheet'), file);
  });

  route(app, logsApi.pageOperationLogs, async (request) =>
    ok(await service.operationPage(requireAuth(request), request.query, requestLanguage(request))),
  );

  route(app, logsApi.exportOperationLogs, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await service.operationXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'logs.operationSheet'), file);
  });
};
