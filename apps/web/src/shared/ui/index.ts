export { feedback } from './feedback';
export { FeedbackBridge } from './feedback-bridge';
export { LanguageSwitch } from './language-switch';
export { FullscreenButton } from './fullscreen-button';
export { BrandLogo, BrandMark } from './brand-logo';
export { showNoMenuModal } from './no-menu-modal';
export { PageTitle, SectionTitle } from './page-title';
export type { HeadingLook } from './page-title';
export { useDocumentTitle, documentTitle, TITLE_SEPARATOR } from './use-document-title';
