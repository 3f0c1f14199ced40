import { exposeApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { createExposeService } from './expose.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createExposeService(app.ctx, app.auth);

  route(app, exposeApi.pageExposeAccounts, async (request) =>
    ok(await service.page(requireAuth(request), request.query)),
  );

  route(app, exposeApi.createExposeAccount, async (request) =>
    ok(await service.create(requireAuth(request), request.body)),
  );

  route(app, exposeApi.updateExposeAccount, async (request) => {
    await service.update(requireAuth(request), request.body);
    return ok(null);
  });

  route(app, exposeApi.setExposeAccountStatus, async (request) => {
    await service.setStatus(requireAuth(request), request.body.exposeId, request.body.status);
    return ok(null);
  });

  route(app, exposeApi.deleteExposeAccount, async (request) => {
    await service.remove(requireAuth(request), request.body.exposeId);
    return ok(null);
  });

  route(app, exposeApi.issueExternalToken, async (request) =>
    ok(await service.issueToken(request.body, { ip: request.ip ?? null })),
  );

  route(app, exposeApi.externalLogin, async (request) =>
    ok(
      await service.externalLogin(request.body, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    ),
  );
};

/** Expose accounts and the one-time tokens third parties open the console with. */
export const exposePlugin = fp(plugin, { name: 'expose', dependencies: ['context', 'auth'] });
