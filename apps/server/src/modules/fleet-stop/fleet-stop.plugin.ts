import { fleetStopApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createFleetStopService } from './fleet-stop.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const fleetStop = createFleetStopService(app.ctx, {
    commands: app.commands,
    monitoring: app.monitoring,
    access: app.access,
    hub: app.hub,
    gateway: app.gateway,
    log: app.log,
  });
  fleetStop.start();

  route(app, fleetStopApi.getFleetStop, async (request) => ok(await fleetStop.status(requireAuth(request))));
  route(app, fleetStopApi.stopFleet, async (request) => ok(await fleetStop.stop(requireAuth(request))));
  route(app, fleetStopApi.resumeFleet, async (request) => ok(await fleetStop.resume(requireAuth(request))));
};

/** The fleet-wide stop: its routes, and the stop sent to held robots as they reconnect, from start to close. */
export const fleetStopPlugin = fp(plugin, {
  name: 'fleet-stop',
  dependencies: ['context', 'hub', 'access', 'gateway', 'monitoring', 'commands'],
});
