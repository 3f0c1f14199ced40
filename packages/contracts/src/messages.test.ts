import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from './constants.js';
import { messages, translate } from './messages.js';
import './auth.js';

const leaves = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${p}${k}.`) : [`${p}${k}`]));

describe('messages', () => {
  it('hold the same keys in the three languages', () => {
    const zh = leaves(messages['zh-CN']).sort();
    for (const lang of LANGUAGES) expect(leaves(messages[lang]).sort()).toEqual(zh);
  });

  it('fill the password rule numbers in every language', () => {
    expect(translate('zh-CN', 'validation.passwordLength')).toBe('密码长度为 8 到 15 位');
    expect(translate('zh-TW', 'validation.passwordDigitRun')).toContain('4');
    expect(translate('en-US', 'validation.passwordRepeat')).toBe('No more than 4 identical characters in a row');
  });

  it('gives back an unknown key unchanged', () => {
    expect(translate('en-US', 'errors.nothingLikeThis')).toBe('errors.nothingLikeThis');
  });

  it('resolves language headers', () => {
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(resolveLanguage('zh-TW')).toBe('zh-TW');
    expect(resolveLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(resolveLanguage('en-GB,en;q=0.9')).toBe('en-US');
    expect(resolveLanguage('fr-FR')).toBe('zh-CN');
  });
});
