import { ADMIN_ACCOUNT, ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE } from './access.js';
import type { Language } from './constants.js';
import { translate } from './messages.js';

type Texts = Record<Language, string>;
const inEvery = (key: string): Texts => ({
  'zh-CN': translate('zh-CN', key),
  'zh-TW': translate('zh-TW', key),
  'en-US': translate('en-US', key),
});

/**
 * The names the console writes itself (the platform tenant, the built-in roles and their remarks,
 * the first administrator's display name),
 * in every language, by the code that identifies their row. A row is seeded once, in one language;
 * each reader sees it in theirs (`seededText`).
 */
export const SEEDED_TEXTS = {
  tenantName: {
    platform: { 'zh-CN': '平台租户', 'zh-TW': '平台租戶', 'en-US': 'Platform tenant' },
  },
  roleName: {
    [ADMIN_ROLE_CODE]: { 'zh-CN': '管理员', 'zh-TW': '管理員', 'en-US': 'Administrators' },
    [TENANT_ADMIN_ROLE_CODE]: inEvery('tenants.adminRoleName'),
  },
  userName: {
    [ADMIN_ACCOUNT]: { 'zh-CN': '系统管理员', 'zh-TW': '系統管理員', 'en-US': 'Administrator' },
  },
  roleRemark: {
    [ADMIN_ROLE_CODE]: {
      'zh-CN': '平台管理员：拥有全部菜单和全部资源',
      'zh-TW': '平台管理員：擁有全部選單和全部資源',
      'en-US': 'Platform administrators: every menu and every resource',
    },
  },
} as const satisfies Record<string, Record<string, Texts>>;
export type SeededKind = keyof typeof SEEDED_TEXTS;

/**
 * What a reader in `language` sees of a stored text: the seeded text in their language when the
 * row (known by its code) still holds a seeded text in any language, that is, nobody renamed it;
 * otherwise the stored text as it is, in whatever language its author wrote it.
 */
export function seededText(
  kind: SeededKind,
  code: string | null | undefined,
  stored: string | null | undefined,
  language: Language,
): string {
  const texts = code ? (SEEDED_TEXTS[kind] as Record<string, Texts | undefined>)[code] : undefined;
  if (!texts || !stored || !Object.values(texts).includes(stored)) return stored ?? '';
  return texts[language];
}
