export { FeedbackBridge, feedback } from './feedback';
export { LanguageSwitch } from './language-switch';
export { FullscreenButton } from './fullscreen-button';
export { BrandLogo, BrandMark } from './brand-logo';
export { showNoMenuModal } from './no-menu-modal';
