import { clearSession, isExternalAccess } from '../session';
import { translateMessage } from '../i18n';
import { apiHooks } from './api-hooks';

let handled = false;

/**
 * Code 401 (spec section 8): the session ends and the user goes to login, or to external-login
 * when the console was opened through external access (with the check-parameters message). Only
 * the first 401 of a burst of parallel calls says so.
 */
export function handleUnauthorized(): void {
  if (handled) return;
  handled = true;
  const external = isExternalAccess();
  clearSession();
  const hooks = apiHooks();
  hooks.showError(translateMessage('errors.unauthorized'));
  if (external) hooks.showError(translateMessage('errors.checkParams'));
  hooks.endSession(external ? '/external-login' : '/login');
}

/** A new sign-in re-arms the 401 message. */
export function resetUnauthorized(): void {
  handled = false;
}
