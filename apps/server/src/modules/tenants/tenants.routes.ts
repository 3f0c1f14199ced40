import {
  createTenantRequest,
  tenantOptions,
  tenantPage,
  tenantPageQuery,
  tenantRow,
  tenantStatusRequest,
  translate,
  updateTenantRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { fileResponses, sendXlsx } from '../../platform/xlsx.js';
import type { AuthService } from '../auth/auth.service.js';
import { createTenantsService } from './tenants.service.js';

/** The tenant screen of platform administrators: every route is of `platform` access. */
export const tenantsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (
  app,
  { ctx, auth },
) => {
  const service = createTenantsService(ctx, auth);
  const config = { access: 'platform' as const };

  app.get(
    '/system-server/tenant/page',
    {
      config,
      schema: {
        operationId: 'pageTenants',
        summary: 'Tenants of the platform with their user counts, newest first',
        tags: ['tenants'],
        querystring: tenantPageQuery,
        response: responses(tenantPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.page(requireAuth(request), request.query)),
  );

  app.get(
    '/system-server/tenant/export',
    {
      config,
      schema: {
        operationId: 'exportTenants',
        summary: 'The filtered tenants as a spreadsheet',
        tags: ['tenants'],
        querystring: tenantPageQuery,
        response: fileResponses(),
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const file = await service.exportXlsx(requireAuth(request), request.query, lang);
      return sendXlsx(reply, translate(lang, 'tenants.sheet'), file);
    },
  );

  app.get(
    '/system-server/tenant/options',
    {
      config,
      schema: {
        operationId: 'listTenantOptions',
        summary: 'Enabled tenants, for choosing the tenant to act in',
        tags: ['tenants'],
        response: responses(tenantOptions, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.options(requireAuth(request))),
  );

  app.post(
    '/system-server/tenant/create',
    {
      config,
      schema: {
        operationId: 'createTenant',
        summary: 'Create a tenant with its administrator account and tenant-administrator role',
        tags: ['tenants'],
        body: createTenantRequest,
        response: responses(tenantRow, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await service.create(requireAuth(request), request.body, requestLanguage(request))),
  );

  app.post(
    '/system-server/tenant/update',
    {
      config,
      schema: {
        operationId: 'updateTenant',
        summary: "Change a tenant's name, contact details and remark",
        tags: ['tenants'],
        body: updateTenantRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.update(requireAuth(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/system-server/tenant/status',
    {
      config,
      schema: {
        operationId: 'setTenantStatus',
        summary: "Enable or disable a tenant; disabling ends its users' sessions",
        tags: ['tenants'],
        body: tenantStatusRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.setStatus(requireAuth(request), request.body.tenantId, request.body.status);
      return ok(null);
    },
  );
};
