import { tenantsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { AuthService } from '../auth/auth.service.js';
import { createTenantsService } from './tenants.service.js';
import { route } from '../../platform/route.js';

/** The tenant screen of platform administrators: every route is of `platform` access. */
export const tenantsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (
  app,
  { ctx, auth },
) => {
  const service = createTenantsService(ctx, auth);

  route(app, tenantsApi.pageTenants, async (request) => ok(await service.page(requireAuth(request), request.query)));

  route(app, tenantsApi.exportTenants, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await service.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'tenants.sheet'), file);
  });

  route(app, tenantsApi.listTenantOptions, async (request) => ok(await service.options(requireAuth(request))));

  route(app, tenantsApi.createTenant, async (request) =>
    ok(await service.create(requireAuth(request), request.body, requestLanguage(request))),
  );

  route(app, tenantsApi.updateTenant, async (request) => {
    await service.update(requireAuth(request), request.body);
    return ok(null);
  });

  route(app, tenantsApi.setTenantStatus, async (request) => {
    await service.setStatus(requireAuth(request), request.body.tenantId, request.body.status);
    return ok(null);
  });
};
