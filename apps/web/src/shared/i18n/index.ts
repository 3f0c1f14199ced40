export { i18n, i18nReady, currentLanguage, isLanguage, storedLanguage, translateMessage } from './i18n';
export { setLanguage, useLanguage, initDocumentLanguage } from './language';
export type { Namespace } from './resources';
export { antdLocale, loadAntdLocale } from './antd-locale';
export { NAMESPACES } from './resources';
