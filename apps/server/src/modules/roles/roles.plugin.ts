import { rolesApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createRolesService } from './roles.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createRolesService(app.ctx);

  route(app, rolesApi.pageRoles, async (request) => ok(await service.page(requireAuth(request), request.query)));

  route(app, rolesApi.createRole, async (request) => ok(await service.create(requireAuth(request), request.body)));

  route(app, rolesApi.updateRole, async (request) => {
    await service.update(requireAuth(request), request.body);
    return ok(null);
  });

  route(app, rolesApi.deleteRole, async (request) => {
    await service.remove(requireAuth(request), request.body.roleId);
    return ok(null);
  });

  route(app, rolesApi.getRoleGrants, async (request) =>
    ok(await service.grants(requireAuth(request), request.query.roleId, requestLanguage(request))),
  );

  route(app, rolesApi.grantRole, async (request) => {
    await service.grant(requireAuth(request), request.body);
    return ok(null);
  });
};

/** Roles of a tenant and the routes granted to them. */
export const rolesPlugin = fp(plugin, { name: 'roles', dependencies: ['context'] });
