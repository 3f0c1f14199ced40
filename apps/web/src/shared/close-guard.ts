import { createContext, use, useEffect } from 'react';

/** The key (route path) of the cached page a component belongs to; provided by the main layout. */
export const PageKeyContext = createContext<string | null>(null);

type CloseCheck = () => boolean;

const checks = new Map<string, CloseCheck>();

/**
 * Lets a page ask for confirmation before its tag is closed (e.g. unsaved edits): pass a flag or a
 * callback that answers whether to confirm. It stays registered while the page sits hidden in the
 * cache; the layout forgets it when the page is closed.
 */
export function useConfirmBeforeClose(needsConfirm: boolean | CloseCheck): void {
  const key = use(PageKeyContext);
  useEffect(() => {
    if (!key) return;
    checks.set(key, typeof needsConfirm === 'function' ? needsConfirm : () => needsConfirm);
  }, [key, needsConfirm]);
}

export function needsCloseConfirm(key: string): boolean {
  return checks.get(key)?.() === true;
}

export function forgetPage(key: string): void {
  checks.delete(key);
}
