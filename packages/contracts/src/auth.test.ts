import { describe, expect, it } from 'vitest';
import { changePasswordForm, hasDigitRun, hasRepeatOver, loginRequest, newPassword, passwordDigest } from './auth.js';
import { PASSWORD_POLICY } from './constants.js';
import { translate } from './messages.js';

const firstIssue = (value: string) => {
  const r = newPassword.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('password rule (the stricter reading: 8 to 15, a letter, no 4-digit run, at most 4 repeats)', () => {
  it('accepts a password at both length edges', () => {
    expect(firstIssue('abcdef1x')).toBeNull(); // 8
    expect(firstIssue('abcdef1xabcdef2')).toBeNull(); // 15
  });

  it('refuses one character too short or too long', () => {
    expect(firstIssue('abcde1x')).toBe('validation.passwordLength'); // 7
    expect(firstIssue('abcdef1xabcdef2y')).toBe('validation.passwordLength'); // 16
  });

  it('refuses an empty value as required, with that one message only', () => {
    expect(firstIssue('')).toBe('validation.newPasswordRequired');
    expect(newPassword.safeParse('').error!.issues).toHaveLength(1);
  });

  it('needs at least one letter', () => {
    expect(firstIssue('13572468')).toBe('validation.passwordLetter');
    expect(firstIssue('1357246a')).toBeNull();
    expect(firstIssue('1357246A')).toBeNull();
  });

  it('allows three consecutive digits and refuses four, ascending and descending', () => {
    expect(firstIssue('abc123xyz')).toBeNull();
    expect(firstIssue('abc321xyz')).toBeNull();
    expect(firstIssue('abc1234xy')).toBe('validation.passwordDigitRun');
    expect(firstIssue('abc4321xy')).toBe('validation.passwordDigitRun');
    expect(firstIssue('ab6789cdx')).toBe('validation.passwordDigitRun');
  });

  it('allows four identical adjacent characters and refuses five', () => {
    expect(firstIssue('aaaab135')).toBeNull();
    expect(firstIssue('aaaaab135')).toBe('validation.passwordRepeat');
    expect(firstIssue('x11111yz')).toBe('validation.passwordRepeat');
  });

  it('helpers count runs exactly at the edges', () => {
    expect(hasDigitRun('123')).toBe(false);
    expect(hasDigitRun('1234')).toBe(true);
    expect(hasDigitRun('12a34')).toBe(false);
    expect(hasDigitRun('9876')).toBe(true);
    expect(hasRepeatOver('1111')).toBe(false);
    expect(hasRepeatOver('11111')).toBe(true);
    expect(PASSWORD_POLICY.forbiddenDigitRun).toBe(4);
  });
});

describe('change password form', () => {
  it('needs the confirmation to equal the new password', () => {
    const r = changePasswordForm.safeParse({ oldPassword: 'x', newPassword: 'abcdef1x', confirmPassword: 'abcdef1y' });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join('.') === 'confirmPassword');
    expect(issue?.message).toBe('validation.passwordMismatch');
    expect(translate('en-US', issue!.message)).toBe('The passwords entered twice do not match');
  });

  it('needs old, new and confirmation', () => {
    const r = changePasswordForm.safeParse({ oldPassword: '', newPassword: '', confirmPassword: '' });
    const byPath: Record<string, string> = {};
    for (const i of r.error!.issues) byPath[i.path.join('.')] ??= i.message;
    expect(byPath.oldPassword).toBe('validation.oldPasswordRequired');
    expect(byPath.newPassword).toBe('validation.newPasswordRequired');
    expect(byPath.confirmPassword).toBe('validation.confirmPasswordRequired');
  });
});

describe('digests and sign-in', () => {
  const digest = 'a'.repeat(64);
  it('accepts a SHA-256 hex digest as the browser sends it', () => {
    expect(passwordDigest.parse(digest)).toBe(digest);
    expect(passwordDigest.parse('0123456789abcdef'.repeat(4))).toBe('0123456789abcdef'.repeat(4));
  });
  it('refuses anything that is not 64 lowercase hex characters, with the digest message', () => {
    for (const value of ['', 'a'.repeat(63), 'a'.repeat(65), 'A'.repeat(64), 'g'.repeat(64), 'plain-password']) {
      const r = passwordDigest.safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual(['validation.passwordHash']);
    }
    expect(passwordDigest.safeParse(undefined).error!.issues[0]!.message).toBe('validation.passwordRequired');
  });
  it('needs an account', () => {
    const r = loginRequest.safeParse({ account: '  ', password: digest });
    expect(r.error!.issues[0]!.message).toBe('validation.accountRequired');
  });
});
