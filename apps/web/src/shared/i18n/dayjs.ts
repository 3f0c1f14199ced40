import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en';
import type { Language } from '@patrol/contracts';

dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

/** Dates everywhere (dayjs and antd's pickers) follow the console language. */
export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
