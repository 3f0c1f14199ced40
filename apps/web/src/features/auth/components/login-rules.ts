import { useMemo } from 'react';
import type { FormInstance, FormRule } from 'antd';
import { LOGIN_RULES } from '@patrol/contracts/plain';
import type { LoginForm } from '@patrol/contracts';
import { translateMessage } from '@/shared/i18n';
import { useRevalidateOnLanguage } from '@/shared/form/zod-rules';

/**
 * The message key of the first problem with a sign-in field, or none: the contract's `LOGIN_RULES`
 * checked as `loginForm` checks them (account trimmed, present, not too long; password present),
 * without loading the schema library on the login page.
 */
export function loginFieldIssue(field: keyof LoginForm, value: unknown): string | undefined {
  if (field === 'password') {
    return typeof value === 'string' && value.length > 0 ? undefined : LOGIN_RULES.password.required;
  }
  const account = typeof value === 'string' ? value.trim() : '';
  if (account.length === 0) return LOGIN_RULES.account.required;
  if (account.length > LOGIN_RULES.account.maxLength) return LOGIN_RULES.account.tooLong;
  return undefined;
}

/**
 * antd rules for the sign-in form, messages translated; a message already shown is translated again
 * when the language changes.
 */
export function useLoginRules(form: FormInstance<LoginForm>): (field: keyof LoginForm) => FormRule[] {
  useRevalidateOnLanguage(form);
  return useMemo(
    () => (field: keyof LoginForm) => [
      {
        validator: async (_rule: unknown, value: unknown) => {
          const issue = loginFieldIssue(field, value);
          if (issue) throw new Error(translateMessage(issue));
        },
      },
    ],
    [],
  );
}
