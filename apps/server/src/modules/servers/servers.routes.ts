import { serversApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.js';
import type { ServersService } from './servers.service.js';
import { route } from '../../platform/route.js';

export const serversRoutes: FastifyPluginAsyncZod<{ servers: ServersService }> = async (app, { servers }) => {
  route(app, serversApi.listServers, async () => ok(await servers.list()));
};
