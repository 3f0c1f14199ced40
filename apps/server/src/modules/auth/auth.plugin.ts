import { authApi, HEADERS } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { parseTenantId } from '../../platform/tenant-scope.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Sign-in, sessions and their ends (the auth module's service). */
    auth: AuthService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const auth = createAuthService(app.ctx);
  app.decorate('auth', auth);

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

/** Sign-in and sign-out; its service (`app.auth`) opens and ends sessions for the other modules. */
export const authPlugin = fp(plugin, { name: 'auth', dependencies: ['context'] });
