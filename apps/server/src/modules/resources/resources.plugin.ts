import { resourcesApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createResourcesService, syncResources } from './resources.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createResourcesService(app.ctx);
  // Every route is registered by then.
  app.addHook('onReady', () => syncResources(app.ctx, app.apiRoutes));

  route(app, resourcesApi.listResources, async (request) => ok(await service.list(requestLanguage(request))));
};

/** Resources: every API route, written to their table (and granted when new) once the app is ready. */
export const resourcesPlugin = fp(plugin, { name: 'resources', dependencies: ['context'] });
