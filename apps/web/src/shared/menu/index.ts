export { firstLeafPath, indexMenu, joinMenuPath, useMenuIndex, useMenuTitle } from './menu-index';
export type { MenuEntry } from './menu-index';
