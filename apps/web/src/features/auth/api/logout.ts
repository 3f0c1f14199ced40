import { authApi } from '@patrol/contracts';
import { call } from '@/shared/api';

/** Revokes the session on the server; the browser side is cleared whatever the answer. */
export function postLogout(): Promise<unknown> {
  return call(authApi.logout, {}, { silent: true });
}
