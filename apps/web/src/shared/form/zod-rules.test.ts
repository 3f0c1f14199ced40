import { beforeEach, describe, expect, it } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { changePasswordForm, loginForm } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { isRequiredField, zodRules } from './zod-rules';
import type { ObjectSchema } from './zod-rules';

type Values = Record<string, unknown>;

/** Runs the adapter's rule for `field` the way antd Form does, with `values` as the form's state. */
async function validate(
  field: string,
  values: Values,
  schema: ObjectSchema = changePasswordForm,
): Promise<string | null> {
  const [rule] = zodRules(schema, field) as [FormRule];
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  try {
    await resolved.validator?.(resolved, values[field], () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const valid = { oldPassword: 'old-secret', newPassword: 'Patrol2026x', confirmPassword: 'Patrol2026x' };

describe('zod -> antd rules adapter', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('accepts a password that follows every rule', async () => {
    for (const field of Object.keys(valid)) expect(await validate(field, valid)).toBeNull();
  });

  it('translates the required messages', async () => {
    expect(await validate('oldPassword', { ...valid, oldPassword: '' })).toBe('Please enter the old password');
    expect(await validate('newPassword', { ...valid, newPassword: undefined })).toBe('Please enter the new password');
    expect(await validate('confirmPassword', { ...valid, confirmPassword: '' })).toBe(
      'Please enter the new password again',
    );
  });

  it('fills the contract parameters of the length rule', async () => {
    expect(await validate('newPassword', { ...valid, newPassword: 'Ab1x' })).toBe(
      'The password must have 8 to 15 characters',
    );
    expect(await validate('newPassword', { ...valid, newPassword: 'Abcdefgh12345678' })).toBe(
      'The password must have 8 to 15 characters',
    );
  });

  it('reports the letter, digit-run and repeat rules', async () => {
    expect(await validate('newPassword', { ...valid, newPassword: '13572468' })).toBe(
      'The password must contain at least one letter',
    );
    expect(await validate('newPassword', { ...valid, newPassword: 'abc12345x' })).toBe(
      'The password must not contain 4 or more consecutive ascending or descending digits',
    );
    expect(await validate('newPassword', { ...valid, newPassword: 'abc98760x' })).toBe(
      'The password must not contain 4 or more consecutive ascending or descending digits',
    );
    expect(await validate('newPassword', { ...valid, newPassword: 'aaaaa1357' })).toBe(
      'No more than 4 identical characters in a row',
    );
  });

  it('puts the object-level mismatch rule on the confirm field', async () => {
    const values = { ...valid, confirmPassword: 'Patrol2026y' };
    expect(await validate('confirmPassword', values)).toBe('The passwords entered twice do not match');
    expect(await validate('newPassword', values)).toBeNull();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(await validate('newPassword', { ...valid, newPassword: 'Ab1x' })).toBe('密码长度为 8 到 15 位');
    await i18n.changeLanguage('zh-TW');
    expect(await validate('confirmPassword', { ...valid, confirmPassword: 'x' })).toBe('兩次輸入的密碼不一致');
  });

  it('works for any contract form (login)', async () => {
    expect(await validate('account', { account: '  ', password: 'x' }, loginForm)).toBe('Please enter the account');
    expect(await validate('password', { account: 'admin', password: '' }, loginForm)).toBe('Please enter the password');
  });

  it('marks fields that refuse an empty value as required', () => {
    expect(isRequiredField(changePasswordForm, 'newPassword')).toBe(true);
    expect(isRequiredField(loginForm, 'account')).toBe(true);
  });
});
