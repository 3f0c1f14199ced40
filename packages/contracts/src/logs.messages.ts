import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the logs area, as message keys `logs.<name>`. */
export const logsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
