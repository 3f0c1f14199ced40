import { HEADERS, loginRequest, loginResponse } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { parseTenantId } from '../../platform/tenant-scope.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/system-server/auth/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'login',
        summary: 'Sign in with an account and the SHA-256 digest of its password; answers a session token',
        description:
          'The account is looked up in the tenant of the `tenant-id` header first; otherwise it must be unique ' +
          'across tenants. 10 failures within 15 minutes lock the account for 15 minutes (429).',
        tags: ['auth'],
        body: loginRequest,
        response: responses(loginResponse, 401, 403, 429),
      },
    },
    async (request) => {
      const session = await auth.login({
        account: request.body.account,
        password: request.body.password,
        tenantId: parseTenantId(request.headers[HEADERS.tenant]),
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(session);
    },
  );

  app.post(
    '/system-server/auth/logout',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'logout',
        summary: 'End the current session and close its sockets',
        tags: ['auth'],
        response: responses(z.null(), ...SESSION_ERRORS),
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await auth.logout(caller.homeTenantId, caller.sessionId);
      return ok(null);
    },
  );
};
