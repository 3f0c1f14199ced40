export { feedback } from './feedback';
export { FeedbackBridge } from './feedback-bridge';
export { LanguageSwitch } from './language-switch';
export { FullscreenButton } from './fullscreen-button';
export { BrandLogo, BrandMark } from './brand-logo';
export { showNoMenuModal } from './no-menu-modal';
export { handleMenuKeys } from './menu-keys';
export { useMenuFocus } from './use-menu-focus';
