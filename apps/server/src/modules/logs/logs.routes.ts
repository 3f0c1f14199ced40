import { loginLogPage, loginLogQuery, operationLogPage, operationLogQuery, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { fileResponses, sendXlsx } from '../../platform/xlsx.js';
import { createLogsService } from './logs.service.js';

export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLogsService(ctx);

  app.get(
    '/log-server/login/page',
    {
      schema: {
        operationId: 'pageLoginLogs',
        summary: "Sign-in attempts of the acting tenant's accounts, newest first",
        tags: ['logs'],
        querystring: loginLogQuery,
        response: responses(loginLogPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.loginPage(requireAuth(request), request.query)),
  );

  app.get(
    '/log-server/login/export',
    {
      schema: {
        operationId: 'exportLoginLogs',
        summary: 'The filtered login logs as a spreadsheet',
        tags: ['logs'],
        querystring: loginLogQuery,
        response: fileResponses(),
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const file = await service.loginXlsx(requireAuth(request), request.query, lang);
      return sendXlsx(reply, translate(lang, 'logs.loginSheet'), file);
    },
  );

  app.get(
    '/log-server/operation/page',
    {
      schema: {
        operationId: 'pageOperationLogs',
        summary: 'Operations done in the acting tenant, newest first',
        tags: ['logs'],
        querystring: operationLogQuery,
        response: responses(operationLogPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.operationPage(requireAuth(request), request.query, requestLanguage(request))),
  );

  app.get(
    '/log-server/operation/export',
    {
      schema: {
        operationId: 'exportOperationLogs',
        summary: 'The filtered operation logs as a spreadsheet',
        tags: ['logs'],
        querystring: operationLogQuery,
        response: fileResponses(),
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const file = await service.operationXlsx(requireAuth(request), request.query, lang);
      return sendXlsx(reply, translate(lang, 'logs.operationSheet'), file);
    },
  );
};
