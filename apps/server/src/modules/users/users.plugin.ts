import { translate, usersApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok, SUCCESS_MESSAGE } from '../../platform/envelope.js';
import { requestLanguage, t } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createUsersService } from './users.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createUsersService(app.ctx, app.auth, app.access);

  route(app, usersApi.getHomeData, async (request) =>
    ok(await service.homeData(requireAuth(request), requestLanguage(request))),
  );

  route(app, usersApi.updatePassword, async (request) => {
    const result = await service.changePassword(requireAuth(request), request.body, request.ip ?? null);
    if (!result.changed) {
      const msg = t(request, result.reason, 'minutes' in result ? { minutes: result.minutes } : undefined);
      return { state: 0 as const, msg, message: msg, data: null };
    }
    return { state: 1 as const, msg: SUCCESS_MESSAGE, message: SUCCESS_MESSAGE, data: null };
  });

  route(app, usersApi.pageUsers, async (request) => ok(await service.page(requireAuth(request), request.query)));

  route(app, usersApi.exportUsers, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await service.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'users.sheet'), file);
  });

  route(app, usersApi.listUserRoleOptions, async (request) => ok(await service.roleOptions(requireAuth(request))));

  route(app, usersApi.createUser, async (request) => ok(await service.create(requireAuth(request), request.body)));

  route(app, usersApi.updateUser, async (request) => ok(await service.update(requireAuth(request), request.body)));

  route(app, usersApi.setUserStatus, async (request) => {
    await service.setStatus(requireAuth(request), request.body.userId, request.body.status);
    return ok(null);
  });

  route(app, usersApi.resetUserPassword, async (request) => {
    await service.resetPassword(requireAuth(request), request.body.userId, request.body.password);
    return ok(null);
  });

  route(app, usersApi.deleteUser, async (request) => {
    await service.remove(requireAuth(request), request.body.userId);
    return ok(null);
  });
};

/** Users of a tenant, the signed-in user's home data and password. */
export const usersPlugin = fp(plugin, { name: 'users', dependencies: ['context', 'auth', 'access'] });
