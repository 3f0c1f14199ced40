import {
  MENU_TREE,
  menuNames,
  PLATFORM_TENANT_ID,
  type Language,
  type MenuAdminNode,
  type MenuNode,
} from '@patrol/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, notFound } from '../../platform/errors.js';
import { findRoleByCode, grantMenus } from '../roles/roles.repository.js';
import { ADMIN_ROLE_CODE } from '../roles/roles.service.js';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
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

const titleOf = (menu: MenuRow, lang: Language) =>
  lang === 'zh-TW' ? menu.nameZhTw : lang === 'en-US' ? menu.nameEnUs : menu.nameZhCn;

/**
 * Builds a menu tree from the menus a user may see, titles in one language, sorted by `sort`.
 * A granted menu brings its ancestors along (a role may list only leaves); a disabled menu hides
 * its whole branch.
 */
export function buildMenuTree(all: MenuRow[], granted: Set<number>, lang: Language): MenuNode[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  /** The menu and its ancestors, or null when one of them is disabled or missing. */
  const chainOf = (id: number): number[] | null => {
    const chain: number[] = [];
    for (let menu = byId.get(id); menu; menu = menu.parentId === null ? undefined : byId.get(menu.parentId)) {
      if (menu.status !== STATUS.enabled || chain.length > all.length) return null;
      chain.push(menu.id);
      if (menu.parentId === null) return chain;
    }
    return null;
  };
  const visible = new Set<number>();
  for (const id of granted) for (const c of chainOf(id) ?? []) visible.add(c);

  const nodes = new Map<number, MenuNode>();
  const sorted = all.filter((m) => visible.has(m.id)).sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const m of sorted) {
    nodes.set(m.id, {
      menuId: m.id,
      name: m.name,
      title: titleOf(m, lang),
      icon: m.icon,
      path: m.path,
      showFlag: m.showFlag === 0 ? 0 : 1,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const m of sorted) {
    const node = nodes.get(m.id)!;
    const parent = m.parentId === null ? undefined : nodes.get(m.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

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
      const admin = await findRoleByCode(tx, PLATFORM_TENANT_ID, ADMIN_ROLE_CODE);
      if (admin) await grantMenus(tx, PLATFORM_TENANT_ID, admin.id, [menu.id]);
    });
  }

  async function update(input: MenuFields & { menuId: number }): Promise<void> {
    if (!(await findMenu(db, input.menuId))) throw notFound();
    await assertParent(input.parentId, input.menuId);
    await updateMenu(db, input.menuId, values(input));
  }

  async function setStatus(menuId: number, status: number): Promise<void> {
    if (!(await findMenu(db, menuId))) throw notFound();
    await setMenuStatus(db, menuId, status);
  }

  /** Built-in menus come back at the next start, so they are disabled rather than deleted. */
  async function remove(menuId: number): Promise<void> {
    const menu = await findMenu(db, menuId);
    if (!menu) throw notFound();
    if (BUILT_IN.has(menu.name)) throw new AppError(409, 'menus.builtInKept');
    if ((await listMenus(db)).some((m) => m.parentId === menuId)) throw new AppError(409, 'menus.hasChildren');
    await deleteMenu(db, menuId);
  }

  return { tree, create, update, setStatus, remove };
}
