/**
 * The sign-in form's rules as plain data, written once: `loginForm` (auth.ts) builds its schema
 * from them, and the console's login page builds its form rules from them without loading a
 * schema library. Messages are message keys (messages.ts).
 */
export const LOGIN_RULES = {
  /** Trimmed, present, at most 64 characters. */
  account: { required: 'validation.accountRequired', maxLength: 64, tooLong: 'validation.accountTooLong' },
  /** Only presence, so old passwords still work. */
  password: { required: 'validation.passwordRequired' },
} as const;
