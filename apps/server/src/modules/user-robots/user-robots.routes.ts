import { assignRobotsRequest, userRobotIds, userRobotsQuery, userRobotsUsers } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { UserRobotsService } from './user-robots.service.js';

const BASE = '/robot-server/user-robot';

export const userRobotsRoutes: FastifyPluginAsyncZod<{ userRobots: UserRobotsService }> = async (
  app,
  { userRobots },
) => {
  app.get(
    `${BASE}/users`,
    {
      schema: {
        operationId: 'listUserRobotUsers',
        summary: "The tenant's users: who sees the whole fleet through a role, and how many robots the others have",
        tags: ['user-robots'],
        response: responses(userRobotsUsers, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await userRobots.listUsers(requireAuth(request))),
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        operationId: 'listUserRobots',
        summary: 'The robots assigned to a user',
        tags: ['user-robots'],
        querystring: userRobotsQuery,
        response: responses(userRobotIds, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await userRobots.robotsOf(requireAuth(request), request.query.userId)),
  );

  app.post(
    `${BASE}/assign`,
    {
      schema: {
        operationId: 'assignUserRobots',
        summary: "Set the robots a user may see and control (replaces the user's list)",
        tags: ['user-robots'],
        body: assignRobotsRequest,
        response: responses(userRobotIds, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await userRobots.assign(requireAuth(request), request.body)),
  );
};
