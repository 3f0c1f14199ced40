import { useMemo } from 'react';
import type { MenuNode } from '@patrol/contracts';
import { useHomeData } from '../api/home-data';

export type MenuEntry = {
  node: MenuNode;
  /** Absolute route path, e.g. `/task/path`. */
  fullPath: string;
  /** Ancestors, root first. */
  parents: MenuNode[];
};

/** Children's paths are relative to their parent's (contracts MENU_TREE). */
export function joinMenuPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Every node of the menu tree by route name, with its absolute path and ancestors. */
export function indexMenu(menu: MenuNode[]): Map<string, MenuEntry> {
  const index = new Map<string, MenuEntry>();
  const walk = (nodes: MenuNode[], base: string, parents: MenuNode[]) => {
    for (const node of nodes) {
      const fullPath = joinMenuPath(base, node.path);
      index.set(node.name, { node, fullPath, parents });
      walk(node.children, fullPath, [...parents, node]);
    }
  };
  walk(menu, '', []);
  return index;
}

/** The first leaf under a node (where a section or a window opens). */
export function firstLeafPath(entry: MenuEntry): string {
  let node = entry.node;
  let path = entry.fullPath;
  while (node.children[0]) {
    node = node.children[0];
    path = joinMenuPath(path, node.path);
  }
  return path;
}

/** The signed-in user's menu indexed by route name (titles in the current language). */
export function useMenuIndex(): Map<string, MenuEntry> {
  const { data } = useHomeData();
  return useMemo(() => indexMenu(data?.menu ?? []), [data]);
}

/** The menu title of a route, as the server gave it in the current language. */
export function useMenuTitle(name: string): string | undefined {
  return useMenuIndex().get(name)?.node.title;
}
