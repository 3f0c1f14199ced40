import type { GrantableResource, MenuNode } from '@patrol/contracts';

/** Every menu id shown in the tree. */
export function treeIds(nodes: MenuNode[], out = new Set<number>()): Set<number> {
  for (const n of nodes) {
    out.add(n.menuId);
    treeIds(n.children, out);
  }
  return out;
}

/** Ids of the nodes that have children: the tree derives their checked state from their children. */
export function parentIds(nodes: MenuNode[], out = new Set<number>()): Set<number> {
  for (const n of nodes) {
    if (n.children.length) {
      out.add(n.menuId);
      parentIds(n.children, out);
    }
  }
  return out;
}

/**
 * What the tree shows as checked when it opens: the granted pages (leaves) it shows. A granted
 * group without a granted page below it shows nothing in the side menu, so it is not carried over.
 */
export function initialChecked(nodes: MenuNode[], granted: number[]): number[] {
  const parents = parentIds(nodes);
  const shown = treeIds(nodes);
  return granted.filter((id) => shown.has(id) && !parents.has(id));
}

/**
 * The menu ids to send: the checked pages, the groups above them (checked or half-checked in the
 * tree), so that the side menu shows the groups, in tree order.
 */
export function withAncestors(nodes: MenuNode[], checked: Set<number>): number[] {
  const out: number[] = [];
  const walk = (node: MenuNode): boolean => {
    const childHit = node.children.map(walk).some(Boolean);
    const hit = checked.has(node.menuId) || childHit;
    if (hit) out.push(node.menuId);
    return hit;
  };
  nodes.forEach(walk);
  return out;
}

/**
 * The grants of menus the tree does not show (a disabled menu hides its branch): kept as they are,
 * so that saving the drawer does not silently drop them.
 */
export function hiddenGrants(nodes: MenuNode[], granted: number[]): number[] {
  const shown = treeIds(nodes);
  return granted.filter((id) => !shown.has(id));
}

/** Resources whose method, route or description (in the current language) contain the text. */
export function filterResources(resources: GrantableResource[], text: string): GrantableResource[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return resources;
  return resources.filter((r) => `${r.method} ${r.route} ${r.description}`.toLowerCase().includes(needle));
}
