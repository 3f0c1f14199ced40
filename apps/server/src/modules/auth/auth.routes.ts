import { authApi, HEADERS } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { parseTenantId } from '../../platform/tenant-scope.js';
import type { AuthService } from './auth.service.js';
import { route } from '../../platform/route.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  route(app, authApi.login, async (request) => {
    const session = await auth.login({
      account: request.body.account,
      password: request.body.password,
      tenantId: parseTenantId(request.headers[HEADERS.tenant]),
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return ok(session);
  });

  route(app, authApi.logout, async (request) => {
    const caller = requireAuth(request);
    await auth.logout(caller.homeTenantId, caller.sessionId);
    return ok(null);
  });
};
