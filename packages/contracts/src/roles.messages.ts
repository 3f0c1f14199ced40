import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the roles area, as message keys `roles.<name>`. */
export const rolesMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
