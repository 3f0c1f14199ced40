import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer, announce } from './announcer';

describe('the live regions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are in the page, empty, before anything is said (a region born with its text is not read)', () => {
    render(<Announcer />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('say polite news politely and what must interrupt assertively', () => {
    render(<Announcer />);
    act(() => {
      announce('Lights on: done');
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('status').textContent).toBe('Lights on: done');
    expect(screen.getByRole('alert').textContent).toBe('');
    act(() => {
      announce('Live link lost, reconnecting…', 'assertive');
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('alert').textContent).toBe('Live link lost, reconnecting…');
  });

  it('say the same text again when it happens again (the region is emptied first)', () => {
    render(<Announcer />);
    act(() => {
      announce('Return to base: done');
      vi.advanceTimersByTime(100);
    });
    act(() => announce('Return to base: done'));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status').textContent).toBe('Return to base: done');
  });
});
