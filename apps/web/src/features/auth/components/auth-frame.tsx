import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@patrol/contracts/plain';
import { BrandMark } from '@/shared/ui/brand-logo';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import '../pages/auth-page.css';

/** The two-panel frame of the login and external-login pages, with the language switch. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  return (
    <div className="auth-page">
      <section className="auth-page__brand" aria-hidden="false">
        <svg className="auth-page__grid" width="100%" height="100%" aria-hidden="true">
          <defs>
            <pattern id="auth-grid" width="40" height="40" patternUnits="userSpaceOnUse">
              <path d="M40 0H0V40" fill="none" stroke="#8fb0ff" strokeWidth="0.6" />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill="url(#auth-grid)" />
        </svg>
        <div className="auth-page__brand-head">
          <BrandMark size={36} />
          <span>{t('productName')}</span>
        </div>
        <div className="auth-page__headline">
          <h1>{t('productName')}</h1>
          <p>{tAuth('login.subtitle')}</p>
        </div>
        <div className="auth-page__version">v{APP_VERSION}</div>
      </section>
      <main className="auth-page__main">
        <div className="auth-page__toolbar">
          <LanguageSwitch />
        </div>
        <div className="auth-page__card">{children}</div>
      </main>
    </div>
  );
}
