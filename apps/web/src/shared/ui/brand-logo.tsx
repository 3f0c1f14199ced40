import { useTranslation } from 'react-i18next';

/** The product mark: a shield with a robot's eye. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1677ff" />
      <path d="M16 5l9 4v6c0 6-4 10-9 12-5-2-9-6-9-12V9z" fill="#fff" />
      <circle cx="16" cy="15" r="3.2" fill="#1677ff" />
      <path d="M11 21.5c1.4 1.2 3.1 1.9 5 1.9s3.6-.7 5-1.9" stroke="#1677ff" strokeWidth="1.6" fill="none" />
    </svg>
  );
}

/** The logo per language: the mark and the product name (only the mark when the menu is collapsed). */
export function BrandLogo({ collapsed = false, dark = true }: { collapsed?: boolean; dark?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <div className={`brand-logo${dark ? ' brand-logo--dark' : ''}`}>
      <BrandMark />
      {!collapsed && <span className="brand-logo__text">{t('logoText')}</span>}
    </div>
  );
}
