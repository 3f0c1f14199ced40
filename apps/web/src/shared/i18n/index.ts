export { i18n, currentLanguage, isLanguage, storedLanguage, translateMessage } from './i18n';
export { setLanguage, useLanguage, initDocumentLanguage } from './language';
export type { Namespace } from './resources';
