import { monitoringApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { MonitoringService } from './monitoring.service.js';
import { route } from '../../platform/route.js';

export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  route(app, monitoringApi.liveRobots, async (request) => ok(await monitoring.liveFor(requireAuth(request))));
};
