import type { Language, MenuNode } from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { MenuRow } from './menus.repository.js';

// A leaf: it builds trees from rows it is given and imports no service, so that roles, menus and
// access can all use it without depending on each other.

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
