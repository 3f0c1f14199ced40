import { z } from 'zod';
import { defineRoute, SESSION_ERRORS } from './api.js';
import { createMenuRequest, deleteMenuRequest, menuAdminTree, menuStatusRequest, updateMenuRequest } from './menus.js';

/** The menus routes of the API, below `/api`. */
export const menusApi = {
  getMenuTree: defineRoute({
    method: 'GET',
    path: '/system-server/menu/tree',
    operationId: 'getMenuTree',
    summary: 'The whole menu tree with every field, for menu management',
    tags: ['menus'],
    access: 'platform',
    data: menuAdminTree,
    errors: SESSION_ERRORS,
  }),
  createMenu: defineRoute({
    method: 'POST',
    path: '/system-server/menu/create',
    operationId: 'createMenu',
    summary: 'Add a menu (route name, path, icon, titles in three languages, parent, sort, visibility)',
    tags: ['menus'],
    access: 'platform',
    body: createMenuRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 409],
  }),
  updateMenu: defineRoute({
    method: 'POST',
    path: '/system-server/menu/update',
    operationId: 'updateMenu',
    summary: "Change a menu's titles, path, icon, parent, sort and visibility",
    tags: ['menus'],
    access: 'platform',
    body: updateMenuRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404, 409],
  }),
  setMenuStatus: defineRoute({
    method: 'POST',
    path: '/system-server/menu/status',
    operationId: 'setMenuStatus',
    summary: 'Enable or disable a menu and the pages below it for everyone',
    tags: ['menus'],
    access: 'platform',
    body: menuStatusRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404],
  }),
  deleteMenu: defineRoute({
    method: 'POST',
    path: '/system-server/menu/delete',
    operationId: 'deleteMenu',
    summary: 'Delete a menu added by hand that has no menus below it',
    tags: ['menus'],
    access: 'platform',
    body: deleteMenuRequest,
    data: z.null(),
    errors: [...SESSION_ERRORS, 404, 409],
  }),
};
