import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewToken } from '../player/engines';

describe('a live stream keeps its play token fresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a new token halfway to the expiry and puts it in every later request of the stream', async () => {
    const start = Date.now();
    const refresh = vi.fn(async () => ({
      url: '/api/media/live/S1/front/index.m3u8?t=second',
      expiresAt: Date.now() + 60_000,
    }));
    const renewal = renewToken('/api/media/live/S1/front/index.m3u8?t=first', start + 60_000, refresh);
    const segment = 'http://localhost:3000/api/media/segment/S1/front/2026112508/1.ts?t=first';
    expect(new URL(renewal.current(segment)).searchParams.get('t')).toBe('first');

    await vi.advanceTimersByTimeAsync(29_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(new URL(renewal.current(segment)).searchParams.get('t')).toBe('second');
    // A request that carries no token (another origin's key file, say) is left as it is.
    expect(renewal.current('http://localhost:3000/key.bin')).toBe('http://localhost:3000/key.bin');

    // And again halfway to the new expiry; nothing after stop.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    renewal.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('tries a failed renewal again instead of giving up', async () => {
    let calls = 0;
    const refresh = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('network');
      return { url: '/x.m3u8?t=later', expiresAt: Date.now() + 60_000 };
    });
    const renewal = renewToken('/x.m3u8?t=first', Date.now() + 20_000, refresh);
    await vi.advanceTimersByTimeAsync(10_500);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(new URL(renewal.current('http://h/x.ts?t=first')).searchParams.get('t')).toBe('later');
    renewal.stop();
  });
});
