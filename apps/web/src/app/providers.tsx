import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { antdLocale, i18n, useLanguage } from '@/shared/i18n';
import { useReducedMotion } from '@/shared/ui/reduced-motion';
import { CONSOLE_THEME, consoleTheme } from '@/shared/ui/theme';

function LocalizedAntd({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={antdLocale(language)}
      theme={reducedMotion ? consoleTheme({ reducedMotion }) : CONSOLE_THEME}
      // No space squeezed between two Chinese characters: button text stays what the locale file says.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * Text in three languages, antd (its locale and dayjs follow the language). The query cache and
 * antd's <App> come with the shell's layouts (see shell-providers.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedAntd>{children}</LocalizedAntd>
    </I18nextProvider>
  );
}
