import { serversApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { createServersService, type ServersService } from './servers.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The service list: this instance's reports (the servers module's service). */
    servers: ServersService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const servers = createServersService(app.ctx, app.log);
  app.decorate('servers', servers);
  // Its first report, once the app is ready, carries the parts the modules registered after it added.
  app.addHook('onReady', async () => servers.start());
  app.addHook('onClose', () => servers.stop());

  route(app, serversApi.listServers, async () => ok(await servers.list()));
};

/** The service list; every instance reports itself from ready to close (`app.servers` takes more parts). */
export const serversPlugin = fp(plugin, { name: 'servers', dependencies: ['context'] });
