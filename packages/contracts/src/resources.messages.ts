import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the resources area, as message keys `resources.<name>`. */
export const resourcesMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
