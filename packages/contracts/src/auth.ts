import { z } from 'zod';
import { PASSWORD_POLICY } from './constants.js';
import { confirmPasswordField } from './fields.js';
import { LOGIN_RULES } from './login-rules.js';

/** True when `text` holds `run` or more consecutive ascending or descending digits (e.g. 1234, 9876). */
export function hasDigitRun(text: string, run: number = PASSWORD_POLICY.forbiddenDigitRun): boolean {
  let up = 1;
  let down = 1;
  for (let i = 1; i < text.length; i++) {
    const prev = text.charCodeAt(i - 1) - 48;
    const cur = text.charCodeAt(i) - 48;
    const bothDigits = prev >= 0 && prev <= 9 && cur >= 0 && cur <= 9;
    up = bothDigits && cur === prev + 1 ? up + 1 : 1;
    down = bothDigits && cur === prev - 1 ? down + 1 : 1;
    if (up >= run || down >= run) return true;
  }
  return false;
}

/** True when some character repeats more than `max` times in a row. */
export function hasRepeatOver(text: string, max: number = PASSWORD_POLICY.maxRepeat): boolean {
  let same = 1;
  for (let i = 1; i < text.length; i++) {
    same = text[i] === text[i - 1] ? same + 1 : 1;
    if (same > max) return true;
  }
  return false;
}

/**
 * The password rule, run in the browser on what the user typed (the server only ever sees its
 * SHA-256 digest). The stricter of the spec's two readings: 8 to 15 characters, a letter, no run of
 * 4 consecutive digits, at most 4 identical adjacent characters.
 */
export const newPassword = z
  .string({ error: 'validation.newPasswordRequired' })
  .min(1, { message: 'validation.newPasswordRequired', abort: true })
  .min(PASSWORD_POLICY.minLength, 'validation.passwordLength')
  .max(PASSWORD_POLICY.maxLength, 'validation.passwordLength')
  .regex(/[A-Za-z]/, 'validation.passwordLetter')
  .refine((s) => !hasDigitRun(s), 'validation.passwordDigitRun')
  .refine((s) => !hasRepeatOver(s), 'validation.passwordRepeat');

/** The change-password form as the user fills it in (spec section 5). */
export const changePasswordForm = z
  .object({
    oldPassword: z.string({ error: 'validation.oldPasswordRequired' }).min(1, 'validation.oldPasswordRequired'),
    newPassword,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/**
 * The SHA-256 hex digest of a password, exactly as the browser sends it (64 lowercase hex
 * characters): every request that carries a password, whatever its field, takes it through this
 * schema, so an empty, short, uppercase or non-hex value is refused before anything changes.
 */
export const passwordDigest = z
  .string({ error: 'validation.passwordRequired' })
  .regex(/^[0-9a-f]{64}$/, 'validation.passwordHash');

export const account = z
  .string({ error: LOGIN_RULES.account.required })
  .trim()
  .min(1, LOGIN_RULES.account.required)
  .max(LOGIN_RULES.account.maxLength, LOGIN_RULES.account.tooLong);

/** The sign-in form as the user fills it in; only presence is checked, so old passwords still work. */
export const loginForm = z.object({
  account,
  password: z.string({ error: LOGIN_RULES.password.required }).min(1, LOGIN_RULES.password.required),
});
export type LoginForm = z.infer<typeof loginForm>;

/** POST system-server/auth/login */
export const loginRequest = z.object({ account, password: passwordDigest });
export type LoginRequest = z.input<typeof loginRequest>;

export const sessionUser = z.object({
  userId: z.number().int(),
  account: z.string(),
  username: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** Platform administrators act across tenants. */
  platformAdmin: z.boolean(),
  /**
   * Its own tenant has the 3D dashboard on: the console keeps it as the session flag that shows
   * the header's 3D dashboard button (it follows the user's tenant, not the tenant acted in).
   */
  dashboard3d: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST system-server/user/updatePwd: both values are SHA-256 digests; answers with envelope B. */
export const updatePasswordRequest = z.object({ oldPwd: passwordDigest, newPwd: passwordDigest });
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequest>;
