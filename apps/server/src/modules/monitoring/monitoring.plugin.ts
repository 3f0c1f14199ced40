import { monitoringApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createMonitoringService, type MonitoringService } from './monitoring.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The live fleet (the monitoring module's service). */
    monitoring: MonitoringService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const { gateway, broker } = app;
  const monitoring = createMonitoringService(app.ctx, { hub: app.hub, access: app.access, gateway, log: app.log });
  app.decorate('monitoring', monitoring);
  app.realtime.offer('robots', { authorize: monitoring.authorizeWatch, snapshot: monitoring.snapshot });
  // The broker's line in the service list: the gateway's link, what was received and dropped.
  app.servers.addPart(() => {
    const { received, dropped } = monitoring.stats();
    return {
      name: 'broker',
      kind: gateway.kind === 'embedded' ? `aedes :${broker?.port ?? ''}` : 'mqtt',
      status: gateway.connected() ? 'up' : 'down',
      detail:
        `telemetry received ${received}, dropped ${dropped}` +
        (broker ? `, broker dropped ${broker.droppedTelemetry()}, robots ${broker.connectedRobots()}` : ''),
    };
  });
  await monitoring.start();
  app.addHook('onClose', () => monitoring.stop());

  route(app, monitoringApi.liveRobots, async (request) => ok(await monitoring.liveFor(requireAuth(request))));
};

/** The live fleet: robots' state and presence from the broker, the REST snapshot and the consoles' `robots` topic. */
export const monitoringPlugin = fp(plugin, {
  name: 'monitoring',
  dependencies: ['context', 'hub', 'access', 'realtime', 'servers', 'broker', 'gateway'],
});
