import { usersApi, type ChangePasswordForm, type UpdatePasswordRequest } from '@patrol/contracts';
import { call } from '@/shared/api';
import { sha256Hex } from '@/shared/sha256';

/** POST updatePwd (envelope B: a state 0 answer is shown by the api client with the server's msg). */
export function postUpdatePassword(form: ChangePasswordForm): Promise<unknown> {
  const body: UpdatePasswordRequest = { oldPwd: sha256Hex(form.oldPassword), newPwd: sha256Hex(form.newPassword) };
  return call(usersApi.updatePassword, { body });
}
