import type { ChangePasswordForm, UpdatePasswordRequest } from '@patrol/contracts';
import { postJson } from '@/shared/api';
import { sha256Hex } from '@/shared/sha256';

export const UPDATE_PASSWORD_PATH = 'system-server/user/updatePwd';

/** POST updatePwd (envelope B: a state 0 answer is shown by the api client with the server's msg). */
export function postUpdatePassword(form: ChangePasswordForm): Promise<unknown> {
  const body: UpdatePasswordRequest = { oldPwd: sha256Hex(form.oldPassword), newPwd: sha256Hex(form.newPassword) };
  return postJson(UPDATE_PASSWORD_PATH, body);
}
