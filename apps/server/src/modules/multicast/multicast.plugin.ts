import { multicastApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createMulticastService } from './multicast.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const multicast = createMulticastService(app.ctx, {
    monitoring: app.monitoring,
    gateway: app.gateway,
    log: app.log,
    consoleKey: app.consoleKey.publicKeyPem,
  });
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

/** Robots' config topic: multicast configs and the console's key, pushed on every change and whenever a robot comes online. */
export const multicastPlugin = fp(plugin, {
  name: 'multicast',
  dependencies: ['context', 'gateway', 'monitoring', 'files'],
});
