import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the menus area, as message keys `menus.<name>`. */
export const menusMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
