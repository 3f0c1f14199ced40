import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FINAL_COMMAND_STATUSES } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { CommandStatusTag } from '../components/command-status-tag';

describe('command status tag', () => {
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('en-US'));

  it.each([
    ['en-US', 'No result'],
    ['zh-CN', '无结果'],
    ['zh-TW', '無結果'],
  ])('names a command accepted without a result as ended, in %s', async (lang, text) => {
    await i18n.changeLanguage(lang);
    render(<CommandStatusTag status="noResult" />);
    expect(screen.getByText(text).closest('[data-status]')?.getAttribute('data-status')).toBe('noResult');
    expect(FINAL_COMMAND_STATUSES).toContain('noResult');
  });
});
