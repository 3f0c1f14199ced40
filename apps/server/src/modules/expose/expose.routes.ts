import {
  createExposeRequest,
  deleteExposeRequest,
  exposePage,
  exposePageQuery,
  exposeRow,
  exposeStatusRequest,
  exposeTokenRequest,
  exposeTokenResponse,
  externalLoginRequest,
  loginResponse,
  updateExposeRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { AuthService } from '../auth/auth.service.js';
import { createExposeService } from './expose.service.js';

export const exposeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (
  app,
  { ctx, auth },
) => {
  const service = createExposeService(ctx, auth);

  app.get(
    '/system-server/expose/page',
    {
      schema: {
        operationId: 'pageExposeAccounts',
        summary: 'Third-party (expose) accounts of the chosen tenant',
        tags: ['expose'],
        querystring: exposePageQuery,
        response: responses(exposePage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.page(requireAuth(request), request.query)),
  );

  app.post(
    '/system-server/expose/create',
    {
      schema: {
        operationId: 'createExposeAccount',
        summary: 'Create an expose account (name, account, connection password) in the chosen tenant',
        tags: ['expose'],
        body: createExposeRequest,
        response: responses(exposeRow, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/system-server/expose/update',
    {
      schema: {
        operationId: 'updateExposeAccount',
        summary: 'Rename an expose account or set a new connection password',
        tags: ['expose'],
        body: updateExposeRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.update(requireAuth(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/system-server/expose/status',
    {
      schema: {
        operationId: 'setExposeAccountStatus',
        summary: 'Enable or disable an expose account; a disabled one gets no token',
        tags: ['expose'],
        body: exposeStatusRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.setStatus(requireAuth(request), request.body.exposeId, request.body.status);
      return ok(null);
    },
  );

  app.post(
    '/system-server/expose/delete',
    {
      schema: {
        operationId: 'deleteExposeAccount',
        summary: 'Delete an expose account and its unused tokens',
        tags: ['expose'],
        body: deleteExposeRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.body.exposeId);
      return ok(null);
    },
  );

  app.post(
    '/system-server/expose/token',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'issueExternalToken',
        summary: 'A third party trades its expose account and connection password for a one-time external-access token',
        description:
          'The token signs in the console user `userAccount` of the tenant once, within 5 minutes, through ' +
          '`/#/external-login?token=…&tenantId=…`. See docs/external-access.md.',
        tags: ['expose'],
        body: exposeTokenRequest,
        response: responses(exposeTokenResponse, 401),
      },
    },
    async (request) => ok(await service.issueToken(request.body)),
  );

  app.post(
    '/system-server/auth/external-login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'externalLogin',
        summary: 'Sign in with a one-time external-access token; the session is flagged external',
        tags: ['expose'],
        body: externalLoginRequest,
        response: responses(loginResponse, 401, 403, 404),
      },
    },
    async (request) =>
      ok(
        await service.externalLogin(request.body, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );
};
