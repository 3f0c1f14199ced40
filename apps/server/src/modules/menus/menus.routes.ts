import {
  createMenuRequest,
  deleteMenuRequest,
  menuAdminTree,
  menuStatusRequest,
  updateMenuRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { createMenusService } from './menus.service.js';

/** Menu management: the tree is shared by every tenant, so every route is for platform administrators. */
export const menusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createMenusService(ctx);
  const config = { access: 'platform' as const };

  app.get(
    '/system-server/menu/tree',
    {
      config,
      schema: {
        operationId: 'getMenuTree',
        summary: 'The whole menu tree with every field, for menu management',
        tags: ['menus'],
        response: responses(menuAdminTree, ...SESSION_ERRORS),
      },
    },
    async () => ok(await service.tree()),
  );

  app.post(
    '/system-server/menu/create',
    {
      config,
      schema: {
        operationId: 'createMenu',
        summary: 'Add a menu (route name, path, icon, titles in three languages, parent, sort, visibility)',
        tags: ['menus'],
        body: createMenuRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 409),
      },
    },
    async (request) => {
      await service.create(request.body);
      return ok(null);
    },
  );

  app.post(
    '/system-server/menu/update',
    {
      config,
      schema: {
        operationId: 'updateMenu',
        summary: "Change a menu's titles, path, icon, parent, sort and visibility",
        tags: ['menus'],
        body: updateMenuRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.update(request.body);
      return ok(null);
    },
  );

  app.post(
    '/system-server/menu/status',
    {
      config,
      schema: {
        operationId: 'setMenuStatus',
        summary: 'Enable or disable a menu and the pages below it for everyone',
        tags: ['menus'],
        body: menuStatusRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await service.setStatus(request.body.menuId, request.body.status);
      return ok(null);
    },
  );

  app.post(
    '/system-server/menu/delete',
    {
      config,
      schema: {
        operationId: 'deleteMenu',
        summary: 'Delete a menu added by hand that has no menus below it',
        tags: ['menus'],
        body: deleteMenuRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => {
      await service.remove(request.body.menuId);
      return ok(null);
    },
  );
};
