import {
  configListQuery,
  configListResponse,
  configPage,
  configPageQuery,
  updateConfigRequest,
} from '@patrol/contracts';
import { z } from 'zod';
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

  app.get(
    '/system-server/config/page',
    {
      config: { access: 'platform' },
      schema: {
        operationId: 'pageConfigs',
        summary: 'Every console setting with its description (config management)',
        tags: ['configs'],
        querystring: configPageQuery,
        response: responses(configPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.page(request.query)),
  );

  app.post(
    '/system-server/config/update',
    {
      config: { access: 'platform' },
      schema: {
        operationId: 'updateConfig',
        summary: "Change a console setting's value, checked by the key's rule",
        tags: ['configs'],
        body: updateConfigRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.update(request.body.configKey, request.body.configValue);
      return ok(null);
    },
  );
};
