import { robotsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createRobotsService, type RobotsService } from './robots.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The robot registry (the robots module's service); the embedded broker checks robots' keys with it. */
    robots: RobotsService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const robots = createRobotsService(app.ctx, app.provisioner);
  app.decorate('robots', robots);
  const unwatch = robots.watch(app.log);
  app.addHook('onClose', async () => unwatch());

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

/** The robot registry: robots, their keys and their tenants (`app.robots`). */
export const robotsPlugin = fp(plugin, { name: 'robots', dependencies: ['context', 'provisioner'] });
