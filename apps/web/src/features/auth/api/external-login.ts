import type { HomeData, LoginResponse } from '@patrol/contracts';
import { postJson } from '@/shared/api';
import { markExternalAccess } from '@/shared/session';
import { enterConsole } from './login';

export const EXTERNAL_LOGIN_PATH = 'system-server/auth/external-login';

/** Signs in with a one-time external-access token; the session is flagged external. */
export async function signInExternal(token: string, tenantId: number): Promise<HomeData> {
  const login = await postJson<LoginResponse>(EXTERNAL_LOGIN_PATH, { token, tenantId }, { silent: true, tenantId });
  return enterConsole(login, markExternalAccess);
}
