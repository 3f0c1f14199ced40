import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerKindOf, type PlayerKind } from '@patrol/contracts';
import { ApiError } from '@/shared/api';
import {
  BACKOFF_MAX_MS,
  RECONNECT_AFTER_MS,
  STALL_MS,
  StreamController,
  backoffDelay,
  type StreamFailure,
  type StreamState,
} from '../player/stream-controller';

describe('the player kind', () => {
  it('is chosen from the URL: HLS playlists, HTTP and WebSocket FLV, WHEP endpoints', () => {
    expect(playerKindOf('/api/media/live/SN1/front/index.m3u8?t=abc')).toBe('hls');
    expect(playerKindOf('https://media.example.com/live/SN1_front.flv?sign=x')).toBe('flv');
    expect(playerKindOf('wss://media.example.com/live/SN1_front.flv')).toBe('flv');
    expect(playerKindOf('http://media.example.com:8889/SN1/front/whep?token=x')).toBe('whep');
    expect(playerKindOf('http://media.example.com/SN1/front.mp4')).toBeNull();
  });
});

/** A controllable stream: each fetch answers a fresh URL (or fails), each attach records its failure hook. */
function fakeSource() {
  const fetched: string[] = [];
  const detached: string[] = [];
  let failNext: unknown = null;
  let breakStream: ((failure: StreamFailure) => void) | null = null;
  const source = {
    fetchUrl: vi.fn(async () => {
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const url = `/live/index.m3u8?t=${fetched.length + 1}`;
      fetched.push(url);
      return { url, kind: 'hls' as PlayerKind };
    }),
    attach: vi.fn(async (url: string, _kind: PlayerKind, fail: (failure: StreamFailure) => void) => {
      breakStream = fail;
      return { detach: () => detached.push(url) };
    }),
  };
  return {
    source,
    fetched,
    detached,
    failFetch: (error: unknown) => (failNext = error),
    breakStream: (failure: StreamFailure) => breakStream?.(failure),
  };
}

describe('the stream controller', () => {
  let states: StreamState[];
  const last = () => states[states.length - 1]!;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('backs off 1, 2, 4 ... seconds up to 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(20)).toBe(BACKOFF_MAX_MS);
  });

  it('connects, plays on progress, is stalled without it, and opens a fresh URL when it does not come back', async () => {
    const fake = fakeSource();
    const controller = new StreamController(fake.source, (s) => states.push(s));
    controller.start();
    expect(last()).toEqual({ status: 'connecting' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.source.attach).toHaveBeenCalledWith('/live/index.m3u8?t=1', 'hls', expect.any(Function));
    controller.progress();
    expect(last()).toEqual({ status: 'playing' });

    await vi.advanceTimersByTimeAsync(STALL_MS + 1000);
    expect(last().status).toBe('stalled');
    controller.progress();
    expect(last().status).toBe('playing');

    await vi.advanceTimersByTimeAsync(RECONNECT_AFTER_MS + 1000);
    // The stream was dropped and, after the first back-off, opened again with a fresh URL.
    expect(fake.detached).toEqual(['/live/index.m3u8?t=1']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.fetched).toEqual(['/live/index.m3u8?t=1', '/live/index.m3u8?t=2']);
    controller.stop();
  });

  it('is offline while the stream is not there, trying again after 1, 2, 4 s, and from 1 s once it plays', async () => {
    const fake = fakeSource();
    const controller = new StreamController(fake.source, (s) => states.push(s));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    fake.breakStream({ offline: true });
    expect(last()).toMatchObject({ status: 'offline', retryIn: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.fetched).toHaveLength(2);
    fake.breakStream({ offline: true });
    expect(last()).toMatchObject({ status: 'offline', retryIn: 2000 });
    await vi.advanceTimersByTimeAsync(2000);
    fake.breakStream({ offline: true });
    expect(last()).toMatchObject({ status: 'offline', retryIn: 4000 });
    await vi.advanceTimersByTimeAsync(4000);
    expect(fake.fetched).toHaveLength(4);
    controller.progress();
    expect(last().status).toBe('playing');
    fake.breakStream({ offline: false, message: 'bufferStalledError' });
    expect(last()).toMatchObject({ status: 'error', message: 'bufferStalledError', retryIn: 1000 });
    controller.stop();
  });

  it("shows the server's refusal when no address is configured, and does not try again", async () => {
    const fake = fakeSource();
    fake.failFetch(new ApiError('http', 409, 'No streaming address is configured'));
    const controller = new StreamController(fake.source, (s) => states.push(s));
    controller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(last()).toEqual({ status: 'error', message: 'No streaming address is configured' });
    expect(fake.source.fetchUrl).toHaveBeenCalledTimes(1);
    expect(fake.source.attach).not.toHaveBeenCalled();
  });

  it('tries again after a network failure, and stops everything it holds when stopped', async () => {
    const fake = fakeSource();
    fake.failFetch(new ApiError('network', 0, 'Network error'));
    const controller = new StreamController(fake.source, (s) => states.push(s));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ status: 'error', message: 'Network error', retryIn: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.fetched).toHaveLength(1);
    controller.stop();
    expect(fake.detached).toEqual(['/live/index.m3u8?t=1']);
    expect(last()).toEqual({ status: 'stopped' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.fetched).toHaveLength(1);
  });

  it('does not call a paused video stalled', async () => {
    const fake = fakeSource();
    let paused = false;
    const controller = new StreamController({ ...fake.source, isPaused: () => paused }, (s) => states.push(s));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.progress();
    paused = true;
    await vi.advanceTimersByTimeAsync(RECONNECT_AFTER_MS * 2);
    expect(last().status).toBe('playing');
    expect(fake.fetched).toHaveLength(1);
    controller.stop();
  });
});
