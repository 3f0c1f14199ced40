import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the expose area, as message keys `expose.<name>`. */
export const exposeMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
