import { healthStatus } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok, responses } from '../../platform/envelope.js';
import { createHealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createHealthService(ctx);

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the server and its database are up, and the version',
        tags: ['health'],
        response: responses(healthStatus),
      },
    },
    async () => ok(await service.status()),
  );
};
