import { exposeApi, type HomeData } from '@patrol/contracts';
import { call } from '@/shared/api';
import { markExternalAccess } from '@/shared/session';
import { enterConsole } from './login';

/** Signs in with a one-time external-access token; the session is flagged external. */
export async function signInExternal(token: string, tenantId: number): Promise<HomeData> {
  const login = await call(exposeApi.externalLogin, { body: { token, tenantId } }, { silent: true, tenantId });
  return enterConsole(login, markExternalAccess);
}
