import { fencesApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createFencesService } from './fences.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const fences = createFencesService(app.ctx, { push: (robotIds) => app.multicast.push(robotIds) });

  route(app, fencesApi.pageFences, async (request) => ok(await fences.page(requireAuth(request), request.query)));
  route(app, fencesApi.listFences, async (request) =>
    ok(await fences.list(requireAuth(request), request.query.stationId)),
  );
  route(app, fencesApi.createFence, async (request) => ok(await fences.create(requireAuth(request), request.body)));
  route(app, fencesApi.updateFence, async (request) => ok(await fences.update(requireAuth(request), request.body)));
  route(app, fencesApi.deleteFence, async (request) => {
    await fences.remove(requireAuth(request), request.body.fenceId);
    return ok(null);
  });
  route(app, fencesApi.sortFence, async (request) => ok(await fences.sort(requireAuth(request), request.body)));
  route(app, fencesApi.importFences, async (request) =>
    ok(await fences.importFences(requireAuth(request), request.body)),
  );
  route(app, fencesApi.exportFences, async (request) =>
    ok(await fences.exportFences(requireAuth(request), request.query.stationId)),
  );
};

/** Electronic fences (layers) of the stations, pushed to the stations' robots on every change. */
export const fencesPlugin = fp(plugin, { name: 'fences', dependencies: ['context', 'multicast', 'stations'] });
