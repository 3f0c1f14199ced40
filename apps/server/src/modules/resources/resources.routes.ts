import { resourcesApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createResourcesService } from './resources.service.js';
import { route } from '../../platform/route.js';

export const resourcesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createResourcesService(ctx);

  route(app, resourcesApi.listResources, async (request) => ok(await service.list(requestLanguage(request))));
};
