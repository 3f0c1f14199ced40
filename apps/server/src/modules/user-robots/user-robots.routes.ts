import { userRobotsApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { UserRobotsService } from './user-robots.service.js';
import { route } from '../../platform/route.js';

export const userRobotsRoutes: FastifyPluginAsyncZod<{ userRobots: UserRobotsService }> = async (
  app,
  { userRobots },
) => {
  route(app, userRobotsApi.listUserRobotUsers, async (request) => ok(await userRobots.listUsers(requireAuth(request))));

  route(app, userRobotsApi.listUserRobots, async (request) =>
    ok(await userRobots.robotsOf(requireAuth(request), request.query.userId)),
  );

  route(app, userRobotsApi.assignUserRobots, async (request) =>
    ok(await userRobots.assign(requireAuth(request), request.body)),
  );
};
