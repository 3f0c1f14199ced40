import { describe, expect, it } from 'vitest';
import { STATUS } from '../../db/columns.js';
import type { MenuRow } from './menus.repository.js';
import { buildMenuTree } from './menu-tree.js';

const row = (
  id: number,
  name: string,
  parentId: number | null,
  sort: number,
  extra: Partial<MenuRow> = {},
): MenuRow => ({
  id,
  name,
  parentId,
  sort,
  path: name,
  icon: null,
  showFlag: 1,
  status: STATUS.enabled,
  nameZhCn: `${name}-简`,
  nameZhTw: `${name}-繁`,
  nameEnUs: `${name}-en`,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...extra,
});

describe('buildMenuTree', () => {
  const all = [
    row(1, 'home', null, 10),
    row(2, 'task', null, 30),
    row(3, 'path', 2, 20),
    row(4, 'taskList', 2, 10),
    row(5, 'log', null, 20, { status: STATUS.disabled }),
    row(6, 'loginList', 5, 10),
    row(7, 'orphan', 99, 10),
  ];

  it('sorts by sort, nests children and titles in the language', () => {
    const tree = buildMenuTree(all, new Set([1, 3, 4]), 'en-US');
    expect(tree.map((n) => [n.name, n.title, n.children.map((c) => c.name)])).toEqual([
      ['home', 'home-en', []],
      ['task', 'task-en', ['taskList', 'path']],
    ]);
    expect(buildMenuTree(all, new Set([1]), 'zh-TW')[0]!.title).toBe('home-繁');
    expect(buildMenuTree(all, new Set([1]), 'zh-CN')[0]!.title).toBe('home-简');
  });

  it('brings the parents of granted leaves and drops branches under a disabled or missing menu', () => {
    expect(buildMenuTree(all, new Set([4, 6, 7]), 'en-US').map((n) => n.name)).toEqual(['task']);
  });

  it('survives a cycle', () => {
    const cyclic = [row(1, 'a', 2, 1), row(2, 'b', 1, 1)];
    expect(buildMenuTree(cyclic, new Set([1]), 'en-US')).toEqual([]);
  });
});
