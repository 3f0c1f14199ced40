import { dashboardsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createRobotHoursRollup, type RobotHoursRollup } from './dashboards.rollup.js';
import { createDashboardsService } from './dashboards.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Sums the robots' stored track points into their hours (distance, seconds online). */
    robotHoursRollup: RobotHoursRollup;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const dashboards = createDashboardsService(app.ctx);
  const rollup = createRobotHoursRollup(app.ctx.db, app.log);
  app.decorate('robotHoursRollup', rollup);

  // Every instance runs the timer; each pass counts under a lock, so one instance counts each point.
  rollup.start();
  app.addHook('onClose', async () => {
    await rollup.stop();
  });

  route(app, dashboardsApi.dashboardOverview, async (request) => ok(await dashboards.overview(requireAuth(request))));
  route(app, dashboardsApi.dashboardMine, async (request) => ok(await dashboards.mine(requireAuth(request))));
  route(app, dashboardsApi.dashboardTrends, async (request) =>
    ok(await dashboards.trends(requireAuth(request), request.query)),
  );
  route(app, dashboardsApi.dashboardAbnormal, async (request) =>
    ok(await dashboards.abnormal(requireAuth(request), request.query)),
  );
};

/** The dashboards' figures (work and trend windows, home) and the hourly robot figures behind them. */
export const dashboardsPlugin = fp(plugin, {
  name: 'dashboards',
  dependencies: ['context'],
});
