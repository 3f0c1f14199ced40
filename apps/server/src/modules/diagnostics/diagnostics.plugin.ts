import { diagnosticsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createDiagnosticsService } from './diagnostics.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const diagnostics = createDiagnosticsService(app.ctx, {
    auth: app.auth,
    servers: app.servers,
    connectedRobots: app.broker ? () => app.broker?.connectedRobots() ?? 0 : null,
  });

  route(app, diagnosticsApi.getDiagnostics, async (request) => {
    requireAuth(request);
    return ok(await diagnostics.report(request.query.code, request.ip ?? null));
  });

  route(app, diagnosticsApi.getDiagnosticsCode, async (request) => ok(await diagnostics.status(requireAuth(request))));

  route(app, diagnosticsApi.setDiagnosticsCode, async (request) =>
    ok(await diagnostics.setCode(requireAuth(request), request.body)),
  );

  route(app, diagnosticsApi.clearDiagnosticsCode, async (request) => {
    await diagnostics.clearCode(requireAuth(request));
    return ok(null);
  });
};

/** The diagnostics page's figures and the code a platform administrator sets to open it. */
export const diagnosticsPlugin = fp(plugin, {
  name: 'diagnostics',
  dependencies: ['context', 'auth', 'servers', 'broker'],
});
