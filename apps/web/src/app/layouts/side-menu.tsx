import { useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '@patrol/contracts';
import { joinMenuPath } from '@/shared/menu';
import { MenuIcon } from './menu-icon';

type MenuItem = Required<MenuProps>['items'][number];

/** Only showFlag 1 items are in the side menu; keys are absolute route paths. */
export function toMenuItems(nodes: MenuNode[], base = '', depth = 0): MenuItem[] {
  return nodes
    .filter((node) => node.showFlag === 1)
    .map((node) => {
      const key = joinMenuPath(base, node.path);
      const children = node.children.filter((child) => child.showFlag === 1);
      const icon = depth === 0 ? <MenuIcon name={node.icon} /> : undefined;
      return children.length > 0
        ? { key, icon, label: node.title, children: toMenuItems(node.children, key, depth + 1) }
        : { key, icon, label: node.title };
    });
}

/** The section path of a route path: `/task/path` -> `/task`. */
function sectionOf(pathname: string): string {
  const [, first] = pathname.split('/');
  return `/${first ?? ''}`;
}

/** The side menu built from the server's menu (data-testid `side-menu`). */
export function SideMenu({ menu, collapsed }: { menu: MenuNode[]; collapsed: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => [sectionOf(pathname)]);
  const [lastSection, setLastSection] = useState(sectionOf(pathname));
  const section = sectionOf(pathname);
  if (section !== lastSection) {
    // Opening a page of another section (from a tag or a link) unfolds that section.
    setLastSection(section);
    if (!openKeys.includes(section)) setOpenKeys([...openKeys, section]);
  }

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== pathname) void navigate(key);
  };

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      theme="dark"
      items={toMenuItems(menu)}
      selectedKeys={[pathname]}
      onClick={handleClick}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
