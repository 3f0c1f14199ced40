import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the servers area, as message keys `servers.<name>`. */
export const serversMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
