import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the configs area, as message keys `configs.<name>`. */
export const configsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
