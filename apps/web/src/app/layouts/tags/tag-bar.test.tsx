import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { i18n } from '@/shared/i18n';
import { FeedbackBridge } from '@/shared/ui';
import { confirmClose } from './confirm-close';
import { TagBar } from './tag-bar';
import { HOME_TAG, closeAll, closeOthers, closeTag, neighbourAfterClose } from './tag-store';
import type { TagNav } from './tag-store';

const TITLES: Record<string, string> = { home: 'Home', users: 'Users', roles: 'Roles', configs: 'Configs' };
const OPEN: TagNav[] = [
  HOME_TAG,
  { name: 'users', path: '/sys/users', search: '' },
  { name: 'roles', path: '/sys/roles', search: '' },
  { name: 'configs', path: '/sys/configs', search: '' },
];

/**
 * The bar as the shell drives it: selecting moves the page, closing the page shown moves to its
 * neighbour, and with `unsaved` a close asks first in antd's dialog (without motion).
 */
function Shell({ start, unsaved = false }: { start: string; unsaved?: boolean }) {
  const [tags, setTags] = useState(OPEN);
  const [activePath, setActivePath] = useState(start);
  const apply = (next: TagNav[], target: TagNav) => {
    const run = () => {
      if (!next.some((tag) => tag.path === activePath)) setActivePath(target.path);
      setTags(next);
    };
    if (unsaved) return confirmClose({ title: 'Close this page?', content: 'Unsaved changes.' }, run);
    run();
    return Promise.resolve(true);
  };
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <FeedbackBridge />
        <TagBar
          tags={tags}
          activePath={activePath}
          titleOf={(name) => TITLES[name] ?? name}
          onSelect={(tag) => setActivePath(tag.path)}
          onClose={(tag) => apply(closeTag(tags, tag.path), neighbourAfterClose(tags, tag.path))}
          onCloseOthers={(tag) => apply(closeOthers(tags, tag.path), tag)}
          onCloseAll={() => apply(closeAll(tags), HOME_TAG)}
        />
      </App>
    </ConfigProvider>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
/** Key codes too: antd's menus read them. */
const KEY_CODES: Record<string, number> = { Enter: 13, Escape: 27, ArrowUp: 38, ArrowDown: 40 };
const press = (key: string, options: { shiftKey?: boolean } = {}) => {
  const target = document.activeElement;
  if (!target) throw new Error('nothing has the focus');
  const keyCode = KEY_CODES[key] ?? 0;
  fireEvent.keyDown(target, { key, keyCode, which: keyCode, ...options });
};

describe('the tag bar by keyboard', () => {
  beforeAll(() => {
    // jsdom lays nothing out; the bar scrolls its active tag into view.
    Element.prototype.scrollIntoView ??= () => {};
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('is a named tab list whose only Tab stop is the active tag', () => {
    render(<Shell start="/sys/roles" />);
    expect(screen.getByRole('tablist', { name: 'Open pages' })).toBeTruthy();
    // Named by their titles alone.
    const tabs = ['Home', 'Users', 'Roles', 'Configs'].map(tab);
    expect(screen.getAllByRole('tab')).toEqual(tabs);
    expect(tabs.map((element) => element.tabIndex)).toEqual([-1, -1, 0, -1]);
    expect(tab('Roles').getAttribute('aria-selected')).toBe('true');
    expect(tab('Users').getAttribute('aria-selected')).toBe('false');
    // The "×" is the mouse's; the tab says how the keyboard closes it.
    expect(tab('Roles').textContent).toBe('Roles×');
    expect(screen.getAllByRole('tab', { description: /Delete closes it/ })).toHaveLength(3);
    expect(screen.getByRole('tab', { description: /^Enter opens this page, Shift\+F10/ }).textContent).toBe('Home');
  });

  it('moves the focus with the arrows, wrapping, and to the ends with Home and End', () => {
    render(<Shell start="/sys/roles" />);
    act(() => tab('Roles').focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Configs'));
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Home'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Configs'));
    press('Home');
    expect(document.activeElement).toBe(tab('Home'));
    press('End');
    expect(document.activeElement).toBe(tab('Configs'));
    // Moving the focus does not open the page.
    expect(tab('Roles').getAttribute('aria-selected')).toBe('true');
  });

  it('opens the focused tag with Enter or Space, which then becomes the Tab stop', () => {
    render(<Shell start="/sys/roles" />);
    act(() => tab('Roles').focus());
    press('ArrowLeft');
    press('Enter');
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(tab('Users').tabIndex).toBe(0);
    expect(tab('Roles').tabIndex).toBe(-1);
    expect(document.activeElement).toBe(tab('Users'));
    press('End');
    press(' ');
    expect(tab('Configs').getAttribute('aria-selected')).toBe('true');
  });

  it('closes the focused tag with Delete and moves the focus to its neighbour, never to the body', async () => {
    render(<Shell start="/sys/roles" />);
    act(() => tab('Roles').focus());
    press('Delete');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Roles' })).toBeNull());
    // The page shown was closed: its left neighbour is shown, and focused.
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
    // A tag that is not shown: closing it leaves the page as it is.
    press('End');
    press('Delete');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Configs' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
    press('Delete');
    await waitFor(() => expect(document.activeElement).toBe(tab('Home')));
    // Home stays.
    press('Delete');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(document.activeElement).toBe(tab('Home'));
  });

  it('asks first for unsaved changes; the focus ends on the tag when refused, on its neighbour when closed', async () => {
    render(<Shell start="/sys/roles" unsaved />);
    act(() => tab('Roles').focus());
    press('Delete');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(tab('Roles')));
    expect(screen.getAllByRole('tab')).toHaveLength(4);

    press('Delete');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
    expect(screen.queryByRole('tab', { name: 'Roles' })).toBeNull();
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
  });

  it("opens a tag's menu with Shift+F10, focused on its first item; Escape gives the focus back", async () => {
    render(<Shell start="/sys/roles" />);
    act(() => tab('Users').focus());
    press('F10', { shiftKey: true });
    const first = await screen.findByRole('menuitem', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    press('Escape');
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
  });

  it('closes the others from the menu by keyboard and leaves the focus on the tag', async () => {
    render(<Shell start="/sys/roles" />);
    act(() => tab('Users').focus());
    press('ContextMenu');
    const first = await screen.findByRole('menuitem', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    // At a person's pace: antd focuses the menu itself again a few frames after it opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    // antd's menu moves with the arrows only where items are laid out (the browser suite does it).
    act(() => screen.getByRole('menuitem', { name: 'Close others' }).focus());
    press('Enter');
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
  });
});
