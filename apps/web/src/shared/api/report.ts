import { isApiError } from './api-error';
import { apiHooks } from './api-hooks';

const reported = new WeakSet<object>();

/**
 * Shows a failed call the way spec section 8 says, once. The query client calls it for every
 * failed query and mutation (its caches' `onError`), so a page never shows a failure itself and
 * an error that passes through two of them is still shown only once. A 401 was already handled by
 * the api client (the session ended); a silent call's failure belongs to its caller.
 */
export function reportError(error: unknown): void {
  if (!isApiError(error)) {
    // A cancelled query or a fault of the console itself: nothing the user can act on.
    if (!(error instanceof Error && error.name === 'CancelledError')) console.error(error);
    return;
  }
  if (error.silent || error.kind === 'unauthorized' || reported.has(error)) return;
  reported.add(error);
  const hooks = apiHooks();
  if (error.kind === 'state') hooks.showStateError(error.message);
  else hooks.showError(error.message);
}
