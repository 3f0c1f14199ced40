import { Activity, Suspense, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { PageKeyContext, forgetPage } from '@/shared/close-guard';
import { RouteFallback } from './root-layout';

type CachedPage = { key: string; element: ReactNode };

/**
 * Pages stay mounted after their tag is left and come back with their state (React's <Activity>
 * hides them and pauses their effects, so hidden pages also stop their subscriptions). A page is
 * added when the location moves to it, and leaves when its tag is closed. Each page's box names its
 * route (`data-page`), so what is on screen can be told from a page still loading.
 */
export function usePageCache(currentKey: string, outlet: ReactNode, cacheable: boolean) {
  const [pages, setPages] = useState<CachedPage[]>([]);
  const [seen, setSeen] = useState<string | null>(null);
  if (currentKey !== seen) {
    setSeen(currentKey);
    if (cacheable && !pages.some((page) => page.key === currentKey)) {
      setPages([...pages, { key: currentKey, element: outlet }]);
    }
  }
  const evict = useCallback((keys: string[]) => {
    setPages((current) => current.filter((page) => !keys.includes(page.key)));
    keys.forEach(forgetPage);
  }, []);
  return { pages, evict };
}

type Props = { pages: CachedPage[]; currentKey: string; outlet: ReactNode };

export function PageCache({ pages, currentKey, outlet }: Props) {
  const cached = pages.some((page) => page.key === currentKey);
  return (
    <>
      {pages.map((page) => (
        <Activity key={page.key} mode={page.key === currentKey ? 'visible' : 'hidden'}>
          <PageKeyContext value={page.key}>
            <div className="shell__page" data-page={page.key}>
              <Suspense fallback={<RouteFallback />}>{page.key === currentKey ? outlet : page.element}</Suspense>
            </div>
          </PageKeyContext>
        </Activity>
      ))}
      {!cached && (
        <PageKeyContext key={currentKey} value={currentKey}>
          <div className="shell__page" data-page={currentKey}>
            <Suspense fallback={<RouteFallback />}>{outlet}</Suspense>
          </div>
        </PageKeyContext>
      )}
    </>
  );
}
