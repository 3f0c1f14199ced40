import { healthApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { createHealthService } from './health.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createHealthService(app.ctx);

  route(app, healthApi.getHealth, async () => ok(await service.status()));
};

/** Health: whether the server and its database answer. */
export const healthPlugin = fp(plugin, { name: 'health', dependencies: ['context'] });
