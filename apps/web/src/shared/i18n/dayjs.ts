import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Language } from '@patrol/contracts';

dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

// Only the language in use is fetched; English is built into dayjs.
const LOADERS: Record<Language, () => Promise<unknown>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
  'en-US': () => Promise.resolve(),
};

/** Dates everywhere (dayjs and antd's pickers) follow the console language. */
export async function applyDayjsLocale(language: Language): Promise<void> {
  await LOADERS[language]();
  dayjs.locale(DAYJS_LOCALES[language]);
}
