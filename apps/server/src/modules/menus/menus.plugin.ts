import { menusApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../platform/envelope.js';
import { createMenusService } from './menus.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const service = createMenusService(app.ctx);

  route(app, menusApi.getMenuTree, async () => ok(await service.tree()));

  route(app, menusApi.createMenu, async (request) => {
    await service.create(request.body);
    return ok(null);
  });

  route(app, menusApi.updateMenu, async (request) => {
    await service.update(request.body);
    return ok(null);
  });

  route(app, menusApi.setMenuStatus, async (request) => {
    await service.setStatus(request.body.menuId, request.body.status);
    return ok(null);
  });

  route(app, menusApi.deleteMenu, async (request) => {
    await service.remove(request.body.menuId);
    return ok(null);
  });
};

/** Menu management: the tree is shared by every tenant, so every route is for platform administrators. */
export const menusPlugin = fp(plugin, { name: 'menus', dependencies: ['context'] });
