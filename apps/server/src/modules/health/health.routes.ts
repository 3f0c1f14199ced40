import { healthApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { createHealthService } from './health.service.js';
import { route } from '../../platform/route.js';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createHealthService(ctx);

  route(app, healthApi.getHealth, async () => ok(await service.status()));
};
