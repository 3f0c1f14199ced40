import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the users area, as message keys `users.<name>`. */
export const usersMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
