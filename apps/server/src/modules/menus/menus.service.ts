import { MENU_TREE, menuNames, type Language, type MenuAdminNode } from '@patrol/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, notFound } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db.js';
import { grantMenusToPlatformAdmins } from '../roles/roles.shared.js';
import { buildMenuTree } from './menu-tree.js';
import {
  deleteMenu,
  findMenu,
  findMenuByName,
  insertMenu,
  listMenus,
  menuIdsOfUser,
  setMenuStatus,
  updateMenu,
  type MenuRow,
} from './menus.repository.js';

/** Every menu (they are global), in display order. */
export function listAllMenus(db: DbOrTx): Promise<MenuRow[]> {
  return listMenus(db);
}

export type { MenuRow };

/** The menu tree of a user, from the menus of their enabled roles. */
export async function menuTreeOfUser(db: DbOrTx, tenantId: number, userId: number, lang: Language) {
  const [all, granted] = await Promise.all([listMenus(db), menuIdsOfUser(db, tenantId, userId)]);
  return buildMenuTree(all, granted, lang);
}

type MenuFields = {
  nameZhCn: string;
  nameZhTw: string;
  nameEnUs: string;
  path: string;
  icon?: string | undefined;
  sort: number;
  parentId?: number | null | undefined;
  showFlag: 0 | 1;
};

const BUILT_IN = new Set(menuNames(MENU_TREE));

/**
 * Menu management (platform administrators): the menu tree is shared by every tenant, so each
 * change shows in every side menu and guard at the next home-data call.
 */
export function createMenusService(ctx: AppContext) {
  const { db } = ctx;
  // Side menus are cached by every instance; a change clears them at once.
  const accessChanged = () => ctx.bus.publish('access.changed', {});

  async function tree(): Promise<MenuAdminNode[]> {
    const all = await listMenus(db);
    const nodes = new Map<number, MenuAdminNode>(
      all.map((m) => [
        m.id,
        {
          menuId: m.id,
          parentId: m.parentId,
          name: m.name,
          path: m.path,
          icon: m.icon,
          sort: m.sort,
          showFlag: m.showFlag,
          status: m.status,
          nameZhCn: m.nameZhCn,
          nameZhTw: m.nameZhTw,
          nameEnUs: m.nameEnUs,
          builtIn: BUILT_IN.has(m.name),
          children: [],
        },
      ]),
    );
    const roots: MenuAdminNode[] = [];
    for (const m of all) {
      const node = nodes.get(m.id)!;
      const parent = m.parentId === null ? undefined : nodes.get(m.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** A parent must exist and must not be the menu itself or one of its descendants. */
  async function assertParent(parentId: number | null | undefined, menuId?: number) {
    if (parentId === null || parentId === undefined) return;
    const all = await listMenus(db);
    const byId = new Map(all.map((m) => [m.id, m]));
    for (let m = byId.get(parentId); m; m = m.parentId === null ? undefined : byId.get(m.parentId)) {
      if (m.id === menuId) throw conflictOn('parentId', 'menus.parentInvalid');
      if (m.parentId === null) return;
    }
    throw conflictOn('parentId', 'menus.parentInvalid');
  }

  const values = (input: MenuFields) => ({
    nameZhCn: input.nameZhCn,
    nameZhTw: input.nameZhTw,
    nameEnUs: input.nameEnUs,
    path: input.path,
    icon: input.icon || null,
    sort: input.sort,
    parentId: input.parentId ?? null,
    showFlag: input.showFlag,
  });

  async function create(input: MenuFields & { name: string }): Promise<void> {
    if (await findMenuByName(db, input.name)) throw conflictOn('name', 'menus.nameTaken');
    await assertParent(input.parentId);
    await db.transaction(async (tx) => {
      const menu = await insertMenu(tx, { name: input.name, ...values(input) });
      // Platform administrators hold every menu, the new one included.
      await grantMenusToPlatformAdmins(tx, [menu.id]);
    });
    await accessChanged();
  }

  async function update(input: MenuFields & { menuId: number }): Promise<void> {
    if (!(await findMenu(db, input.menuId))) throw notFound();
    await assertParent(input.parentId, input.menuId);
    await updateMenu(db, input.menuId, values(input));
    await accessChanged();
  }

  async function setStatus(menuId: number, status: number): Promise<void> {
    if (!(await findMenu(db, menuId))) throw notFound();
    await setMenuStatus(db, menuId, status);
    await accessChanged();
  }

  /** Built-in menus come back at the next start, so they are disabled rather than deleted. */
  async function remove(menuId: number): Promise<void> {
    const menu = await findMenu(db, menuId);
    if (!menu) throw notFound();
    if (BUILT_IN.has(menu.name)) throw new AppError(409, 'menus.builtInKept');
    if ((await listMenus(db)).some((m) => m.parentId === menuId)) throw new AppError(409, 'menus.hasChildren');
    await deleteMenu(db, menuId);
    await accessChanged();
  }

  return { tree, create, update, setStatus, remove };
}
