import { postJson } from '@/shared/api';

export const LOGOUT_PATH = 'system-server/auth/logout';

/** Revokes the session on the server; the browser side is cleared whatever the answer. */
export function postLogout(): Promise<unknown> {
  return postJson(LOGOUT_PATH, {}, { silent: true });
}
