import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRealtimeHub, type RealtimeHub } from './hub.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** This instance's console sockets, and sending to consoles on every instance. */
    hub: RealtimeHub;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const hub = createRealtimeHub(app.bus, app.log);
  app.decorate('hub', hub);
  // Before the server closes: an open console socket would hold it open.
  app.addHook('preClose', async () => hub.close());
};

/** The realtime hub (`app.hub`): the console sockets of this instance. */
export const hubPlugin = fp(plugin, { name: 'hub', dependencies: ['bus'] });
