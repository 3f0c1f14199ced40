import { robotLiveList } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { MonitoringService } from './monitoring.service.js';

export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  app.get(
    '/robot-server/monitor/live',
    {
      schema: {
        operationId: 'liveRobots',
        summary: 'Every robot of the tenant with its presence and latest telemetry (the map and control page)',
        description:
          "Changes then arrive on the console's WebSocket after `{type:'subscribe', topic:'robots'}` " +
          "as `{type:'robots', data:[...]}`, coalesced every 500 ms.",
        tags: ['monitoring'],
        response: responses(robotLiveList, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await monitoring.liveFor(requireAuth(request))),
  );
};
