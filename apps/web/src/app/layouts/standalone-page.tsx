import type { ComponentType } from 'react';
import { BrandLogo, LanguageSwitch, useDocumentTitle } from '@/shared/ui';
import { useRouteTitles } from '../route-title';

type Props = { name: string; page: ComponentType<{ name: string; title?: string }> };

/** Hidden routes opened on their own (live video window, debug): the page without the shell. */
export function StandalonePage({ name, page: Page }: Props) {
  const titleOf = useRouteTitles();
  useDocumentTitle(titleOf(name));
  return (
    <div className="standalone-page">
      <header className="standalone-page__header">
        <BrandLogo dark={false} />
        <LanguageSwitch />
      </header>
      <main className="standalone-page__content">
        <Page name={name} title={titleOf(name)} />
      </main>
    </div>
  );
}
