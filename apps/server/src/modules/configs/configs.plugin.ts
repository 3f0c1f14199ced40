import { configsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { createConfigsService } from './configs.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createConfigsService(app.ctx);

  route(app, configsApi.listConfigs, async (request) => ok(await service.list(request.query.keys)));

  route(app, configsApi.pageConfigs, async (request) => ok(await service.page(request.query)));

  route(app, configsApi.updateConfig, async (request) => {
    await service.update(request.body.configKey, request.body.configValue);
    return ok(null);
  });
};

/** Settings the console reads at start, and their management. */
export const configsPlugin = fp(plugin, { name: 'configs', dependencies: ['context'] });
