import { logsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { installOperationLog } from '../../platform/operation-log.js';
import { createLogsService, operationLogWriter } from './logs.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const service = createLogsService(app.ctx);
  installOperationLog(app, operationLogWriter(db));

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

/**
 * The sign-in and operation logs: their pages and spreadsheets, and the hooks that write a row of the
 * operation log for every state-changing API call.
 */
export const logsPlugin = fp(plugin, { name: 'logs', dependencies: ['context'] });
