import { configsApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { createConfigsService } from './configs.service.js';
import { route } from '../../platform/route.js';

export const configsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createConfigsService(ctx);

  route(app, configsApi.listConfigs, async (request) => ok(await service.list(request.query.keys)));

  route(app, configsApi.pageConfigs, async (request) => ok(await service.page(request.query)));

  route(app, configsApi.updateConfig, async (request) => {
    await service.update(request.body.configKey, request.body.configValue);
    return ok(null);
  });
};
