import {
  menusApi,
  type CreateMenuRequest,
  type MenuAdminNode,
  type MenuStatusRequest,
  type UpdateMenuRequest,
} from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';

export const menusKey = ['menus'] as const;

/** GET the whole menu tree with every field. */
export function fetchMenuTree(signal?: AbortSignal): Promise<MenuAdminNode[]> {
  return call(menusApi.getMenuTree, {}, { signal });
}

export const createMenu = (body: CreateMenuRequest) => call(menusApi.createMenu, { body });
export const updateMenu = (body: UpdateMenuRequest) => call(menusApi.updateMenu, { body });
export const setMenuStatus = (body: MenuStatusRequest) => call(menusApi.setMenuStatus, { body });
export const deleteMenu = (menuId: number) => call(menusApi.deleteMenu, { body: { menuId } });

/** After a change: the tree and the side menu (home data) refetch. */
export async function refreshMenus(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: menusKey }),
    queryClient.invalidateQueries({ queryKey: ['home-data'] }),
  ]);
}
