import { configListQuery, configListResponse } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { createConfigsService } from './configs.service.js';

export const configsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createConfigsService(ctx);

  app.get(
    '/system-server/config/list',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listConfigs',
        summary: 'Read console settings by key (keys=a,b); data is keyed by key',
        tags: ['configs'],
        querystring: configListQuery,
        response: responses(configListResponse, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.list(request.query.keys)),
  );
};
