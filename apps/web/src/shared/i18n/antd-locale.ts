import type { Locale } from 'antd/es/locale';
import type { Language } from '@patrol/contracts';

// Only the language in use is fetched.
const LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
  'en-US': () => import('antd/locale/en_US'),
};

const loaded = new Map<Language, Locale>();

/** Fetches antd's texts for a language; the language switches only once they are here. */
export async function loadAntdLocale(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await LOADERS[language]()).default);
}

/** antd's texts for a language already loaded (antd's own English otherwise). */
export function antdLocale(language: Language): Locale | undefined {
  return loaded.get(language);
}
