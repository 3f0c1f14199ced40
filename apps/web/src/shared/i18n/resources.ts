import { messages } from '@patrol/contracts';
import type { Language } from '@patrol/contracts';
import zhCNCommon from '@/locales/zh-CN/common.json';
import zhCNLayout from '@/locales/zh-CN/layout.json';
import zhCNAuth from '@/locales/zh-CN/auth.json';
import zhCNHome from '@/locales/zh-CN/home.json';
import zhCNNotices from '@/locales/zh-CN/notices.json';
import zhCNErrors from '@/locales/zh-CN/errors.json';
import zhCNPlaceholder from '@/locales/zh-CN/placeholder.json';
import zhCNTenants from '@/locales/zh-CN/tenants.json';
import zhCNUsers from '@/locales/zh-CN/users.json';
import zhCNRoles from '@/locales/zh-CN/roles.json';
import zhCNMenus from '@/locales/zh-CN/menus.json';
import zhCNResources from '@/locales/zh-CN/resources.json';
import zhCNConfigs from '@/locales/zh-CN/configs.json';
import zhCNServers from '@/locales/zh-CN/servers.json';
import zhCNExpose from '@/locales/zh-CN/expose.json';
import zhCNLogs from '@/locales/zh-CN/logs.json';
import zhTWCommon from '@/locales/zh-TW/common.json';
import zhTWLayout from '@/locales/zh-TW/layout.json';
import zhTWAuth from '@/locales/zh-TW/auth.json';
import zhTWHome from '@/locales/zh-TW/home.json';
import zhTWNotices from '@/locales/zh-TW/notices.json';
import zhTWErrors from '@/locales/zh-TW/errors.json';
import zhTWPlaceholder from '@/locales/zh-TW/placeholder.json';
import zhTWTenants from '@/locales/zh-TW/tenants.json';
import zhTWUsers from '@/locales/zh-TW/users.json';
import zhTWRoles from '@/locales/zh-TW/roles.json';
import zhTWMenus from '@/locales/zh-TW/menus.json';
import zhTWResources from '@/locales/zh-TW/resources.json';
import zhTWConfigs from '@/locales/zh-TW/configs.json';
import zhTWServers from '@/locales/zh-TW/servers.json';
import zhTWExpose from '@/locales/zh-TW/expose.json';
import zhTWLogs from '@/locales/zh-TW/logs.json';
import enUSCommon from '@/locales/en-US/common.json';
import enUSLayout from '@/locales/en-US/layout.json';
import enUSAuth from '@/locales/en-US/auth.json';
import enUSHome from '@/locales/en-US/home.json';
import enUSNotices from '@/locales/en-US/notices.json';
import enUSErrors from '@/locales/en-US/errors.json';
import enUSPlaceholder from '@/locales/en-US/placeholder.json';
import enUSTenants from '@/locales/en-US/tenants.json';
import enUSUsers from '@/locales/en-US/users.json';
import enUSRoles from '@/locales/en-US/roles.json';
import enUSMenus from '@/locales/en-US/menus.json';
import enUSResources from '@/locales/en-US/resources.json';
import enUSConfigs from '@/locales/en-US/configs.json';
import enUSServers from '@/locales/en-US/servers.json';
import enUSExpose from '@/locales/en-US/expose.json';
import enUSLogs from '@/locales/en-US/logs.json';
import zhCNRobots from '@/locales/zh-CN/robots.json';
import zhCNMonitoring from '@/locales/zh-CN/monitoring.json';
import zhCNCommands from '@/locales/zh-CN/commands.json';
import zhCNUploads from '@/locales/zh-CN/uploads.json';
import zhTWRobots from '@/locales/zh-TW/robots.json';
import zhTWMonitoring from '@/locales/zh-TW/monitoring.json';
import zhTWCommands from '@/locales/zh-TW/commands.json';
import zhTWUploads from '@/locales/zh-TW/uploads.json';
import enUSRobots from '@/locales/en-US/robots.json';
import enUSMonitoring from '@/locales/en-US/monitoring.json';
import enUSCommands from '@/locales/en-US/commands.json';
import enUSUploads from '@/locales/en-US/uploads.json';
import zhCNMulticast from '@/locales/zh-CN/multicast.json';
import zhCNUserRobots from '@/locales/zh-CN/user-robots.json';
import zhTWMulticast from '@/locales/zh-TW/multicast.json';
import zhTWUserRobots from '@/locales/zh-TW/user-robots.json';
import enUSMulticast from '@/locales/en-US/multicast.json';
import enUSUserRobots from '@/locales/en-US/user-robots.json';

/**
 * One namespace per area, named like the locale file; `messages` holds the contracts' error and
 * validation texts, so a zod message key such as `validation.passwordLetter` translates here too.
 */
export const resources = {
  'zh-CN': {
    common: zhCNCommon,
    layout: zhCNLayout,
    auth: zhCNAuth,
    home: zhCNHome,
    notices: zhCNNotices,
    errors: zhCNErrors,
    placeholder: zhCNPlaceholder,
    tenants: zhCNTenants,
    users: zhCNUsers,
    roles: zhCNRoles,
    menus: zhCNMenus,
    resources: zhCNResources,
    configs: zhCNConfigs,
    servers: zhCNServers,
    expose: zhCNExpose,
    logs: zhCNLogs,
    robots: zhCNRobots,
    monitoring: zhCNMonitoring,
    commands: zhCNCommands,
    uploads: zhCNUploads,
    multicast: zhCNMulticast,
    'user-robots': zhCNUserRobots,
    messages: messages['zh-CN'],
  },
  'zh-TW': {
    common: zhTWCommon,
    layout: zhTWLayout,
    auth: zhTWAuth,
    home: zhTWHome,
    notices: zhTWNotices,
    errors: zhTWErrors,
    placeholder: zhTWPlaceholder,
    tenants: zhTWTenants,
    users: zhTWUsers,
    roles: zhTWRoles,
    menus: zhTWMenus,
    resources: zhTWResources,
    configs: zhTWConfigs,
    servers: zhTWServers,
    expose: zhTWExpose,
    logs: zhTWLogs,
    robots: zhTWRobots,
    monitoring: zhTWMonitoring,
    commands: zhTWCommands,
    uploads: zhTWUploads,
    multicast: zhTWMulticast,
    'user-robots': zhTWUserRobots,
    messages: messages['zh-TW'],
  },
  'en-US': {
    common: enUSCommon,
    layout: enUSLayout,
    auth: enUSAuth,
    home: enUSHome,
    notices: enUSNotices,
    errors: enUSErrors,
    placeholder: enUSPlaceholder,
    tenants: enUSTenants,
    users: enUSUsers,
    roles: enUSRoles,
    menus: enUSMenus,
    resources: enUSResources,
    configs: enUSConfigs,
    servers: enUSServers,
    expose: enUSExpose,
    logs: enUSLogs,
    robots: enUSRobots,
    monitoring: enUSMonitoring,
    commands: enUSCommands,
    uploads: enUSUploads,
    multicast: enUSMulticast,
    'user-robots': enUSUserRobots,
    messages: messages['en-US'],
  },
} satisfies Record<Language, Record<string, object>>;

export type Namespace = keyof (typeof resources)['zh-CN'];
export const NAMESPACES = Object.keys(resources['zh-CN']) as Namespace[];
