import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryBus, type Bus } from './bus.js';
import { countBusMessages } from './metrics.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Events across the server, and across its instances on Redis. */
    bus: Bus;
  }
}

export type BusPluginOptions = {
  /** A bus its owner opened and closes (Redis, or one shared by tests); an in-process one otherwise. */
  bus?: Bus | undefined;
};

const plugin: FastifyPluginAsync<BusPluginOptions> = async (app, options) => {
  const bus =
    options.bus ?? createMemoryBus((error, topic) => app.log.error({ err: error, topic }, 'bus subscriber failed'));
  app.decorate('bus', app.hasDecorator('metrics') ? countBusMessages(bus, app.metrics) : bus);
  // Closed after the plugins registered after this one, which have unsubscribed by then.
  if (!options.bus) app.addHook('onClose', () => bus.close());
};

/** The bus (`app.bus`): the one given, or an in-process one that closes with the app. */
export const busPlugin = fp(plugin, { name: 'bus' });
