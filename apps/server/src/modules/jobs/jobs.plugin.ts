import { jobsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createJobsService } from './jobs.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const jobs = createJobsService(app.ctx);

  route(app, jobsApi.pageJobs, async (request) => ok(await jobs.page(requireAuth(request), request.query)));
  route(app, jobsApi.listJobs, async (request) => ok(await jobs.list(requireAuth(request), request.query.stationId)));
  route(app, jobsApi.createJob, async (request) => ok(await jobs.create(requireAuth(request), request.body)));
  route(app, jobsApi.updateJob, async (request) => ok(await jobs.update(requireAuth(request), request.body)));
  route(app, jobsApi.deleteJob, async (request) => {
    await jobs.remove(requireAuth(request), request.body.jobId);
    return ok(null);
  });
  route(app, jobsApi.importJobNodes, async (request) => ok(await jobs.importNodes(requireAuth(request), request.body)));
  route(app, jobsApi.exportJobNodes, async (request) =>
    ok(await jobs.exportNodes(requireAuth(request), request.query.jobId)),
  );
};

/** Jobs of the stations: paths, checked against the station's area and forbidden fences. */
export const jobsPlugin = fp(plugin, { name: 'jobs', dependencies: ['context', 'stations', 'fences'] });
