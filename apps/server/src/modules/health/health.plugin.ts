import { healthApi, type HealthStatus } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { AppError, databaseUnavailable, messageServiceUnavailable } from '../../platform/errors.js';
import { createHealthService } from './health.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * This instance's readiness: `stop()` turns GET health/ready to 503 for good (shutdown begins);
     * `check()` answers what GET health/ready would (the metrics' `patrol_ready`).
     */
    readiness: { stop(): void; stopped(): boolean; check(): Promise<boolean> };
  }
}

/** 503 naming the first part that is down: the database, then the broker link. */
function refuseUnlessUp(status: HealthStatus): HealthStatus {
  if (status.database === 'down') throw databaseUnavailable();
  if (status.broker === 'down') throw messageServiceUnavailable();
  return status;
}

const plugin: FastifyPluginAsync = async (app) => {
  const service = createHealthService(app.ctx, {
    // The gateway's link to the broker, embedded or MQTT_URL; an instance without one needs none.
    brokerUp: () => !app.hasDecorator('gateway') || app.gateway.connected(),
  });
  let closing = false;
  app.decorate('readiness', {
    stop: () => {
      closing = true;
    },
    stopped: () => closing,
    check: async () => {
      const status = await service.status();
      return !closing && status.database === 'up' && status.broker === 'up';
    },
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  route(app, healthApi.getHealth, async () => ok(refuseUnlessUp(await service.status())));
  route(app, healthApi.getReadiness, async () => {
    if (closing) throw new AppError(503, 'errors.unavailable');
    return ok(refuseUnlessUp(await service.status()));
  });
  route(app, healthApi.getLiveness, async () => ok({ status: 'up' as const }));
};

/** Health: whether the instance and the parts it needs are up (health, ready) and whether it runs (live). */
export const healthPlugin = fp(plugin, { name: 'health', dependencies: ['context'] });
