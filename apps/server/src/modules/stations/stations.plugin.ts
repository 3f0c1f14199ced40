import { stationsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createStationsService } from './stations.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const stations = createStationsService(app.ctx, { push: (robotIds) => app.multicast.push(robotIds) });

  route(app, stationsApi.pageStations, async (request) => ok(await stations.page(requireAuth(request), request.query)));
  route(app, stationsApi.listStations, async (request) => ok(await stations.list(requireAuth(request))));
  route(app, stationsApi.createStation, async (request) =>
    ok(await stations.create(requireAuth(request), request.body)),
  );
  route(app, stationsApi.updateStation, async (request) =>
    ok(await stations.update(requireAuth(request), request.body)),
  );
  route(app, stationsApi.deleteStation, async (request) => {
    await stations.remove(requireAuth(request), request.body.stationId);
    return ok(null);
  });
  route(app, stationsApi.assignRobotStation, async (request) => {
    await stations.assign(requireAuth(request), request.body);
    return ok(null);
  });
};

/** Stations: parts of a site that robots, fences and jobs belong to; robots join them here. */
export const stationsPlugin = fp(plugin, { name: 'stations', dependencies: ['context', 'multicast'] });
