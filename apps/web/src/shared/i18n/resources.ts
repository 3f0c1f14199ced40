import { messages } from '@patrol/contracts';
import type { Language } from '@patrol/contracts';
import zhCNCommon from '@/locales/zh-CN/common.json';
import zhCNLayout from '@/locales/zh-CN/layout.json';
import zhCNAuth from '@/locales/zh-CN/auth.json';
import zhCNHome from '@/locales/zh-CN/home.json';
import zhCNNotices from '@/locales/zh-CN/notices.json';
import zhCNErrors from '@/locales/zh-CN/errors.json';
import zhCNPlaceholder from '@/locales/zh-CN/placeholder.json';
import zhTWCommon from '@/locales/zh-TW/common.json';
import zhTWLayout from '@/locales/zh-TW/layout.json';
import zhTWAuth from '@/locales/zh-TW/auth.json';
import zhTWHome from '@/locales/zh-TW/home.json';
import zhTWNotices from '@/locales/zh-TW/notices.json';
import zhTWErrors from '@/locales/zh-TW/errors.json';
import zhTWPlaceholder from '@/locales/zh-TW/placeholder.json';
import enUSCommon from '@/locales/en-US/common.json';
import enUSLayout from '@/locales/en-US/layout.json';
import enUSAuth from '@/locales/en-US/auth.json';
import enUSHome from '@/locales/en-US/home.json';
import enUSNotices from '@/locales/en-US/notices.json';
import enUSErrors from '@/locales/en-US/errors.json';
import enUSPlaceholder from '@/locales/en-US/placeholder.json';

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
    messages: messages['en-US'],
  },
} satisfies Record<Language, Record<string, object>>;

export type Namespace = keyof (typeof resources)['zh-CN'];
export const NAMESPACES = Object.keys(resources['zh-CN']) as Namespace[];
