import type { AreaMessages } from './area-messages.js';

const zhCN = {};

/** Error and validation texts of the tenants area, as message keys `tenants.<name>`. */
export const tenantsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {},
  'en-US': {},
};
