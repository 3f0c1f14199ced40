import { tenantsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createTenantsService } from './tenants.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createTenantsService(app.ctx, app.auth);

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

/** The tenant screen of platform administrators: every route is of `platform` access. */
export const tenantsPlugin = fp(plugin, { name: 'tenants', dependencies: ['context', 'auth'] });
