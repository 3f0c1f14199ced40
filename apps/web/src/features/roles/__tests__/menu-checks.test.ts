import { describe, expect, it } from 'vitest';
import type { GrantableResource, MenuNode } from '@patrol/contracts';
import { filterResources, hiddenGrants, initialChecked, withAncestors } from '../components/menu-checks';

const node = (menuId: number, name: string, children: MenuNode[] = []): MenuNode => ({
  menuId,
  name,
  title: name,
  icon: null,
  path: name,
  showFlag: 1,
  children,
});

// data (1) > position (2), panel (3); sys (4) > roles (5) > hidden page (6)
const tree = [
  node(1, 'data', [node(2, 'position'), node(3, 'panel')]),
  node(4, 'sys', [node(5, 'roles', [node(6, 'x')])]),
];

describe('menu checks', () => {
  it('sends the checked pages with every group above them', () => {
    expect(withAncestors(tree, new Set([2]))).toEqual([2, 1]);
    expect(withAncestors(tree, new Set([6, 3]))).toEqual([3, 1, 6, 5, 4]);
    expect(withAncestors(tree, new Set())).toEqual([]);
  });

  it('opens with the granted pages checked, and the groups derived from them', () => {
    expect(initialChecked(tree, [1, 2, 4, 99])).toEqual([2]);
  });

  it('keeps grants of menus the tree does not show', () => {
    expect(hiddenGrants(tree, [1, 2, 99])).toEqual([99]);
  });

  it('filters resources by method, route or description, ignoring case', () => {
    const resources: GrantableResource[] = [
      { resourceId: 1, method: 'POST', route: '/api/notice-server/notice/publish', description: 'Publish a notice' },
      { resourceId: 2, method: 'GET', route: '/api/system-server/role/page', description: 'List roles' },
    ];
    expect(filterResources(resources, ' NOTICE ').map((r) => r.resourceId)).toEqual([1]);
    expect(filterResources(resources, 'list roles').map((r) => r.resourceId)).toEqual([2]);
    expect(filterResources(resources, 'get').map((r) => r.resourceId)).toEqual([2]);
    expect(filterResources(resources, '')).toHaveLength(2);
  });
});
