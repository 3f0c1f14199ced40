import { beforeEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { i18n } from '@/shared/i18n';
import { TITLE_SEPARATOR, documentTitle, useDocumentTitle } from './use-document-title';

function Named({ parts }: { parts: (string | null | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

describe('the browser tab names the page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    document.title = '';
  });

  it('puts the page first, its context next, the product last, and skips parts it does not have', () => {
    expect(documentTitle(['Users'], 'Console')).toBe(`Users${TITLE_SEPARATOR}Console`);
    expect(documentTitle(['Overview', 'Work View'], 'Console')).toBe('Overview – Work View – Console');
    expect(documentTitle([null, undefined, ' '], 'Console')).toBe('Console');
  });

  it('names the page in the current language and follows a change of language and of the page', async () => {
    const { rerender } = render(<Named parts={['Users']} />);
    expect(document.title).toBe('Users – Robot Management and Control Platform');
    // The product's name changes at once; the menu's title arrives in the new language after.
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(document.title).toBe('Users – 机器人管控平台');
    rerender(<Named parts={['用户管理']} />);
    expect(document.title).toBe('用户管理 – 机器人管控平台');
    rerender(<Named parts={['角色管理']} />);
    expect(document.title).toBe('角色管理 – 机器人管控平台');
  });

  it('names only the product while no page is known, and when the page goes', () => {
    const { rerender, unmount } = render(<Named parts={[null]} />);
    expect(document.title).toBe('Robot Management and Control Platform');
    rerender(<Named parts={['Log in']} />);
    expect(document.title).toBe('Log in – Robot Management and Control Platform');
    unmount();
    expect(document.title).toBe('Robot Management and Control Platform');
  });
});
