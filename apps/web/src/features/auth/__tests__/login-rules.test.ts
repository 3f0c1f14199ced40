import { describe, expect, it } from 'vitest';
import { loginForm } from '@patrol/contracts';
import { loginFieldIssue } from '../components/login-rules';

/** The first message key the contract's schema gives for one field, or none. */
function schemaIssue(field: 'account' | 'password', value: unknown): string | undefined {
  const result = loginForm.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the login form rules', () => {
  const values: unknown[] = [
    undefined,
    null,
    '',
    ' ',
    '   \t',
    'a',
    ' admin ',
    'x'.repeat(64),
    ` ${'x'.repeat(64)} `,
    'x'.repeat(65),
  ];

  it.each(['account', 'password'] as const)('refuse %s values with the same message keys as the contract', (field) => {
    for (const value of values)
      expect(loginFieldIssue(field, value), JSON.stringify(value)).toBe(schemaIssue(field, value));
  });
});
