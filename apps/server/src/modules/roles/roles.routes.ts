import {
  createRoleRequest,
  deleteRoleRequest,
  grantRoleRequest,
  roleGrants,
  roleGrantsQuery,
  rolePage,
  rolePageQuery,
  roleRow,
  updateRoleRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createRolesService } from './roles.service.js';

export const rolesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRolesService(ctx);

  app.get(
    '/system-server/role/page',
    {
      schema: {
        operationId: 'pageRoles',
        summary: 'Roles of the acting tenant with how many users hold each',
        tags: ['roles'],
        querystring: rolePageQuery,
        response: responses(rolePage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.page(requireAuth(request), request.query)),
  );

  app.post(
    '/system-server/role/create',
    {
      schema: {
        operationId: 'createRole',
        summary: 'Create a role of the acting tenant',
        tags: ['roles'],
        body: createRoleRequest,
        response: responses(roleRow, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/system-server/role/update',
    {
      schema: {
        operationId: 'updateRole',
        summary: "Change a role's name, code and remark",
        tags: ['roles'],
        body: updateRoleRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.update(requireAuth(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/system-server/role/delete',
    {
      schema: {
        operationId: 'deleteRole',
        summary: 'Delete a role that no user holds',
        tags: ['roles'],
        body: deleteRoleRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.body.roleId);
      return ok(null);
    },
  );

  app.get(
    '/system-server/role/grants',
    {
      schema: {
        operationId: 'getRoleGrants',
        summary: "A role's menus and resources, and what it may be given",
        tags: ['roles'],
        querystring: roleGrantsQuery,
        response: responses(roleGrants, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await service.grants(requireAuth(request), request.query.roleId, requestLanguage(request))),
  );

  app.post(
    '/system-server/role/grant',
    {
      schema: {
        operationId: 'grantRole',
        summary: "Replace a role's menus and resources; applies to the very next request",
        tags: ['roles'],
        body: grantRoleRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.grant(requireAuth(request), request.body);
      return ok(null);
    },
  );
};
