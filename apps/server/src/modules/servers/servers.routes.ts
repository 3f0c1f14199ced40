import { serverList } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { ServersService } from './servers.service.js';

export const serversRoutes: FastifyPluginAsyncZod<{ servers: ServersService }> = async (app, { servers }) => {
  app.get(
    '/system-server/server/list',
    {
      config: { access: 'platform' },
      schema: {
        operationId: 'listServers',
        summary: 'Running server instances, the parts they depend on, their health, version and uptime',
        tags: ['servers'],
        response: responses(serverList, ...SESSION_ERRORS),
      },
    },
    async () => ok(await servers.list()),
  );
};
