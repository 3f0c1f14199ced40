import { multicastApi } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { MulticastService } from './multicast.service.js';
import { route } from '../../platform/route.js';

export const multicastRoutes: FastifyPluginAsyncZod<{ multicast: MulticastService }> = async (app, { multicast }) => {
  route(app, multicastApi.pageMulticastConfigs, async (request) =>
    ok(await multicast.page(requireAuth(request), request.query)),
  );

  route(app, multicastApi.createMulticastConfig, async (request) =>
    ok(await multicast.create(requireAuth(request), request.body)),
  );

  route(app, multicastApi.updateMulticastConfig, async (request) =>
    ok(await multicast.update(requireAuth(request), request.body)),
  );

  route(app, multicastApi.deleteMulticastConfig, async (request) => {
    await multicast.remove(requireAuth(request), request.body.multicastId);
    return ok(null);
  });
};
