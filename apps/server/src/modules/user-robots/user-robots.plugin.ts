import { userRobotsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createUserRobotsService } from './user-robots.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const userRobots = createUserRobotsService(app.ctx);

  route(app, userRobotsApi.listUserRobotUsers, async (request) => ok(await userRobots.listUsers(requireAuth(request))));

  route(app, userRobotsApi.listUserRobots, async (request) =>
    ok(await userRobots.robotsOf(requireAuth(request), request.query.userId)),
  );

  route(app, userRobotsApi.assignUserRobots, async (request) =>
    ok(await userRobots.assign(requireAuth(request), request.body)),
  );
};

/** Which robots each user of a tenant may see and control. */
export const userRobotsPlugin = fp(plugin, { name: 'user-robots', dependencies: ['context'] });
