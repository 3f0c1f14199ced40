import { useTranslation } from 'react-i18next';
import type { Language } from '@patrol/contracts';
import { STORAGE_KEYS, writeItem } from '../storage';
import { loadAntdLocale } from './antd-locale';
import { applyDayjsLocale } from './dayjs';
import { currentLanguage, i18n, isLanguage } from './i18n';

/** The page's language, for screen readers and the browser. */
function applyDocument(language: Language): void {
  document.documentElement.lang = language;
}

/** Switches every text of the console (antd and dates follow through the providers) and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeItem(STORAGE_KEYS.language, language);
  // antd's texts and the dates of the new language load first, so all switches in one render;
  // i18next fetches the new language's namespaces in use before it reports the change.
  await Promise.all([loadAntdLocale(language), applyDayjsLocale(language)]);
  await i18n.changeLanguage(language);
  applyDocument(language);
}

/**
 * The first paint's language and tab title (the product's name); from then on each page names the
 * tab itself, in the language of the moment (`useDocumentTitle`).
 */
export function initDocumentLanguage(): void {
  const language = currentLanguage();
  applyDocument(language);
  document.title = i18n.t('productName', { ns: 'common', lng: language });
}

/** The current language; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : currentLanguage();
}
