import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@/shared/i18n';
import { PresenceTag } from './presence-tag';

describe('presence tag', () => {
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('en-US'));

  it.each([
    ['en-US', 'Unknown (no broker link)'],
    ['zh-CN', '未知（消息服务断开）'],
    ['zh-TW', '未知（訊息服務中斷）'],
  ])('says unknown, not the last presence, while the server has no broker, in %s', async (lang, text) => {
    await i18n.changeLanguage(lang);
    render(<PresenceTag online unknown />);
    expect(screen.getByText(text).closest('[data-presence]')?.getAttribute('data-presence')).toBe('unknown');
    expect(screen.queryByText(i18n.t('robotPresence.online'))).toBeNull();
  });

  it('says online and offline as before when presence is known', async () => {
    await i18n.changeLanguage('en-US');
    render(<PresenceTag online unknown={false} />);
    render(<PresenceTag online={false} />);
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
  });
});
