import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, messageParams } from '@patrol/contracts';
import type { Language, MessageKey } from '@patrol/contracts';
import { STORAGE_KEYS, readItem } from '../storage';
import { NAMESPACES, resources } from './resources';
import { applyDayjsLocale } from './dayjs';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or zh-CN (spec: Simplified Chinese is the default). */
export function storedLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});
applyDayjsLocale(storedLanguage());

export { i18n };

/** The language in use now (what the `lang` header and the socket carry). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Translates a contracts message key (`errors.*`, `validation.*`) with the parameters the
 * contracts attach to it (e.g. the password rule's numbers). Other text comes back unchanged, so a
 * message the server already localised can go through here too.
 */
export function translateMessage(key: string, params: Record<string, string | number> = {}): string {
  if (!i18n.exists(key, { ns: 'messages' })) return key;
  return i18n.t(key as MessageKey, { ns: 'messages', ...messageParams[key as MessageKey], ...params });
}
