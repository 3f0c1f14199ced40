import type { HomeData, LoginResponse } from '@patrol/contracts';
import { fetchHomeData, homeDataKeyNow, postJson, queryClient, resetUnauthorized } from '@/shared/api';
import { clearSession, markExternalAccess, startSession } from '@/shared/session';

export const EXTERNAL_LOGIN_PATH = 'system-server/auth/external-login';

/**
 * Signs in with a one-time external-access token and flags the session external, then loads the
 * home data before anything navigates (as the password sign-in does).
 */
export async function signInExternal(token: string, tenantId: number): Promise<HomeData> {
  const login = await postJson<LoginResponse>(EXTERNAL_LOGIN_PATH, { token, tenantId }, { silent: true, tenantId });
  startSession(login);
  markExternalAccess();
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
