import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Between the parts of a browser tab's title: punctuation, the same in every language. */
export const TITLE_SEPARATOR = ' – ';

/** The tab's title: the page first (what tells one tab from another), then its context, then the product. */
export function documentTitle(parts: readonly (string | null | undefined)[], product: string): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), product].join(TITLE_SEPARATOR);
}

/**
 * Names the page in the browser tab (WCAG 2.4.2), e.g. `Users – Robot Management and Control
 * Platform`, in the current language: the title follows a language change and the parts it is
 * given (a menu title that arrives in the new language). Called once per layout (the shell, a
 * window, a standalone page) or by a page outside them (login, errors); on leaving, the tab names
 * the product only until the next page names itself.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const { t } = useTranslation('common');
  const product = t('productName');
  const title = documentTitle(parts, product);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}
