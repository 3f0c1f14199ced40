import { runsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createRunsService, type RunsService } from './runs.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Runs of tasks on robots: the schedules start theirs with `startRun` and record misses with `recordMissed`. */
    runs: RunsService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const runs = createRunsService(app.ctx, {
    monitoring: app.monitoring,
    commands: app.commands,
    alarms: app.alarms,
    gateway: app.gateway,
    log: app.log,
  });
  app.decorate('runs', runs);
  runs.startWorkers();
  app.addHook('onClose', async () => runs.stopWorkers());

  route(app, runsApi.pageRuns, async (request) => ok(await runs.page(requireAuth(request), request.query)));

  route(app, runsApi.getRunDetail, async (request) => ok(await runs.detail(requireAuth(request), request.query.runId)));

  route(app, runsApi.startRun, async (request) => ok(await runs.start(requireAuth(request), request.body)));
};

/** Runs of tasks on robots (execution records): dispatch, the robots' reports, the expiry of unstarted runs. */
export const runsPlugin = fp(plugin, {
  name: 'runs',
  dependencies: ['context', 'gateway', 'monitoring', 'commands', 'alarms'],
});
