import { robotsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { RobotsService } from './robots.service.js';
import { route } from '../../platform/route.js';

export const robotsRoutes: FastifyPluginAsyncZod<{ robots: RobotsService }> = async (app, { robots }) => {
  route(app, robotsApi.pageRobots, async (request) => ok(await robots.page(requireAuth(request), request.query)));

  route(app, robotsApi.exportRobots, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await robots.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'robots.sheet'), file);
  });

  route(app, robotsApi.createRobot, async (request) => ok(await robots.create(requireAuth(request), request.body)));

  route(app, robotsApi.updateRobot, async (request) => ok(await robots.update(requireAuth(request), request.body)));

  route(app, robotsApi.rotateRobotKey, async (request) =>
    ok(await robots.rotateKey(requireAuth(request), request.body.robotId)),
  );

  route(app, robotsApi.pageRobotsToMove, async (request) => ok(await robots.pageOfTenant(request.query)));

  route(app, robotsApi.moveRobots, async (request) => ok(await robots.move(request.body)));

  route(app, robotsApi.deleteRobot, async (request) => {
    await robots.remove(requireAuth(request), request.body.robotId);
    return ok(null);
  });
};
