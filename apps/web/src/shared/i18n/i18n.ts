import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, messageParams } from '@patrol/contracts/plain';
import type { Language, MessageKey } from '@patrol/contracts';
import { STORAGE_KEYS, readItem } from '../storage';
import { SHELL_NAMESPACES, loadNamespace } from './resources';
import type { Namespace } from './resources';
import { loadAntdLocale } from './antd-locale';
import { applyDayjsLocale } from './dayjs';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or zh-CN (spec: Simplified Chinese is the default). */
export function storedLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Fetches one namespace of one language when i18next first needs it. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadNamespace(language as Language, namespace as Namespace).then(
      (texts) => callback(null, texts as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

const initialized = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // Every language has every key (locales.test.ts), so no other language is fetched as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: SHELL_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

/**
 * Resolves once the stored language's shell texts, antd's texts and the dates are loaded; the
 * console renders only then, so nothing shows untranslated.
 */
export const i18nReady: Promise<void> = Promise.all([
  initialized,
  loadAntdLocale(storedLanguage()),
  applyDayjsLocale(storedLanguage()),
]).then(() => undefined);

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
