import { multicastApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createMulticastService, type MulticastService } from './multicast.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Multicast configs, and `push`: sends robots their config (multicast, station, fences) again. */
    multicast: MulticastService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const multicast = createMulticastService(app.ctx, {
    monitoring: app.monitoring,
    gateway: app.gateway,
    log: app.log,
    consoleKey: app.consoleKey.publicKeyPem,
  });
  app.decorate('multicast', multicast);
  multicast.start();
  app.addHook('onClose', async () => multicast.stop());

  route(app, multicastApi.pageMulticastConfigs, async (request) =>
    ok(await multicast.page(requireAuth(request), request.query)),
  );

  route(app, multicastApi.createMulticastConfig, async (request) =>
    ok(await multicast.create(requireAuth(request), request.body)),
  );

  route(app, multicastApi.updateMulticastConfig, async (request) =>
    ok(await multicast.update(requireAuth(request), request.body)),
  );

  route(app, multicastApi.deleteMulticastConfig, async (request) => {
    await multicast.remove(requireAuth(request), request.body.multicastId);
    return ok(null);
  });
};

/** Robots' config topic: multicast configs, the console's key, the robot's station and fences, pushed on every change and whenever a robot comes online. */
export const multicastPlugin = fp(plugin, {
  name: 'multicast',
  dependencies: ['context', 'gateway', 'monitoring', 'files'],
});
