import {
  createUserRequest,
  deleteUserRequest,
  envelopeB,
  errorEnvelope,
  homeData,
  resetPasswordRequest,
  translate,
  updatePasswordRequest,
  updateUserRequest,
  userPage,
  userPageQuery,
  userRoleOptions,
  userRow,
  userStatusRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS, SUCCESS_MESSAGE } from '../../platform/envelope.js';
import { requestLanguage, t } from '../../platform/i18n.js';
import { fileResponses, sendXlsx } from '../../platform/xlsx.js';
import type { AuthService } from '../auth/auth.service.js';
import { createUsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (
  app,
  { ctx, auth },
) => {
  const service = createUsersService(ctx, auth);

  app.get(
    '/system-server/user/get/home/date',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getHomeData',
        summary: "The caller's menu tree (titles in the request's language) and who they are",
        tags: ['users'],
        response: responses(homeData, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.homeData(requireAuth(request), requestLanguage(request))),
  );

  app.post(
    '/system-server/user/updatePwd',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'updatePassword',
        summary: "Change the caller's own password (envelope B; state 0 with a message when refused)",
        tags: ['users'],
        body: updatePasswordRequest,
        response: {
          200: envelopeB(z.null()),
          401: errorEnvelope,
          403: errorEnvelope,
          422: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request) => {
      const result = await service.changePassword(requireAuth(request), request.body);
      if (!result.changed) {
        const msg = t(request, result.reason);
        return { state: 0 as const, msg, message: msg, data: null };
      }
      return { state: 1 as const, msg: SUCCESS_MESSAGE, message: SUCCESS_MESSAGE, data: null };
    },
  );

  app.get(
    '/system-server/user/page',
    {
      schema: {
        operationId: 'pageUsers',
        summary: 'Users of the acting tenant with their roles, newest first',
        tags: ['users'],
        querystring: userPageQuery,
        response: responses(userPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.page(requireAuth(request), request.query)),
  );

  app.get(
    '/system-server/user/export',
    {
      schema: {
        operationId: 'exportUsers',
        summary: 'The filtered users as a spreadsheet',
        tags: ['users'],
        querystring: userPageQuery,
        response: fileResponses(),
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const file = await service.exportXlsx(requireAuth(request), request.query, lang);
      return sendXlsx(reply, translate(lang, 'users.sheet'), file);
    },
  );

  app.get(
    '/system-server/user/role-options',
    {
      schema: {
        operationId: 'listUserRoleOptions',
        summary: 'Enabled roles of the acting tenant, to give to users',
        tags: ['users'],
        response: responses(userRoleOptions, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.roleOptions(requireAuth(request))),
  );

  app.post(
    '/system-server/user/create',
    {
      schema: {
        operationId: 'createUser',
        summary: 'Create a user of the acting tenant with its roles',
        tags: ['users'],
        body: createUserRequest,
        response: responses(userRow, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await service.create(requireAuth(request), request.body)),
  );

  app.post(
    '/system-server/user/update',
    {
      schema: {
        operationId: 'updateUser',
        summary: "Change a user's profile and roles",
        tags: ['users'],
        body: updateUserRequest,
        response: responses(userRow, ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => ok(await service.update(requireAuth(request), request.body)),
  );

  app.post(
    '/system-server/user/status',
    {
      schema: {
        operationId: 'setUserStatus',
        summary: "Enable or disable a user; disabling ends the user's sessions at once",
        tags: ['users'],
        body: userStatusRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.setStatus(requireAuth(request), request.body.userId, request.body.status);
      return ok(null);
    },
  );

  app.post(
    '/system-server/user/resetPwd',
    {
      schema: {
        operationId: 'resetUserPassword',
        summary: "Set a user's password as an administrator; the user's sessions end",
        tags: ['users'],
        body: resetPasswordRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.resetPassword(requireAuth(request), request.body.userId, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/system-server/user/delete',
    {
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user of the acting tenant',
        tags: ['users'],
        body: deleteUserRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.body.userId);
      return ok(null);
    },
  );
};
