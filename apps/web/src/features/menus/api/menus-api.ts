import type { CreateMenuRequest, MenuAdminNode, MenuStatusRequest, UpdateMenuRequest } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';

export const menusKey = ['menus'] as const;

/** GET the whole menu tree with every field. */
export function fetchMenuTree(signal?: AbortSignal): Promise<MenuAdminNode[]> {
  return get<MenuAdminNode[]>('system-server/menu/tree', { signal });
}

export const createMenu = (body: CreateMenuRequest) => postJson<null>('system-server/menu/create', body);
export const updateMenu = (body: UpdateMenuRequest) => postJson<null>('system-server/menu/update', body);
export const setMenuStatus = (body: MenuStatusRequest) => postJson<null>('system-server/menu/status', body);
export const deleteMenu = (menuId: number) => postJson<null>('system-server/menu/delete', { menuId });

/** After a change: the tree and the side menu (home data) refetch. */
export async function refreshMenus(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: menusKey }),
    queryClient.invalidateQueries({ queryKey: ['home-data'] }),
  ]);
}
