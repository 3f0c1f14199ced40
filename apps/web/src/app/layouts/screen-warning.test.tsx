import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@/shared/i18n';
import { ScreenWarning } from './screen-warning';

const resize = (width: number, height: number) =>
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  });

describe('low-resolution warning', { timeout: 20_000 }, () => {
  const initial = { width: window.innerWidth, height: window.innerHeight };
  beforeEach(() => i18n.changeLanguage('en-US'));
  afterEach(() => Object.assign(window, { innerWidth: initial.width, innerHeight: initial.height }));

  it('shows below 1366x768, pinned clear of the header, and goes once the window is large enough', async () => {
    Object.assign(window, { innerWidth: 1280, innerHeight: 720 });
    render(<ScreenWarning />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('1280×720, below the minimum of 1366×768');
    const pinned = alert.closest('.screen-warning') as HTMLElement;
    expect(pinned.style.position).toBe('fixed');
    expect(pinned.style.bottom).toBe('16px');
    resize(1366, 700);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('1366×700'));
    resize(1920, 1080);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('can be closed, so that it covers nothing of a zoomed window, and comes back when the size changes', async () => {
    Object.assign(window, { innerWidth: 683, innerHeight: 384 });
    render(<ScreenWarning />);
    fireEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    resize(800, 600);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('800×600'));
  });
});
