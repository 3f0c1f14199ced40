import { authApi, type HomeData, type LoginForm, type LoginResponse } from '@patrol/contracts';
import { call, fetchHomeData, homeDataKeyNow, queryClient, resetUnauthorized } from '@/shared/api';
import { clearSession, startSession } from '@/shared/session';
import { sha256Hex } from '@/shared/sha256';

/** POST login; the password leaves the browser only as its SHA-256 digest. */
export function postLogin(form: LoginForm): Promise<LoginResponse> {
  return call(
    authApi.login,
    { body: { account: form.account.trim(), password: sha256Hex(form.password) } },
    // A wrong password answers 401: the login page shows it, it is not a session that expired.
    { silent: true },
  );
}

/**
 * Signs in and loads the home data before anything navigates, so the guard's menu list is there
 * for the first route. A failure after the login call leaves no half session behind.
 */
export async function signIn(form: LoginForm): Promise<HomeData> {
  return enterConsole(await postLogin(form));
}

/**
 * Keeps a new session in the browser (`mark` adds to it, e.g. the external-access flag) and loads
 * the home data; a failure leaves no half session behind.
 */
export async function enterConsole(login: LoginResponse, mark?: () => void): Promise<HomeData> {
  startSession(login);
  mark?.();
  resetUnauthorized();
  try {
    const home = await fetchHomeData({ silent: true });
    queryClient.setQueryData(homeDataKeyNow(), home);
    return home;
  } catch (error) {
    clearSession();
    throw error;
  }
}
