import type { PlayerKind } from '@patrol/contracts';
import { isApiError } from '@/shared/api';

/**
 * What a player shows: `connecting` (asking for a URL or waiting for the first picture), `playing`,
 * `stalled` (no progress for STALL_MS), `offline` (the robot or its stream is not there), `error`
 * (the server refused, with its message), `stopped` (not playing: hidden tab, empty tile).
 */
export type StreamStatus = 'stopped' | 'connecting' | 'playing' | 'stalled' | 'offline' | 'error';
export type StreamState = { status: StreamStatus; message?: string; retryIn?: number };

/** No progress for this long: stalled. */
export const STALL_MS = 5_000;
/** Stalled (or still connecting) for this long: the stream is opened again. */
export const RECONNECT_AFTER_MS = 15_000;
/** The longest wait between two tries. */
export const BACKOFF_MAX_MS = 30_000;

/** The wait before try `attempt` (0-based): 1, 2, 4 ... 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, 1000 * 2 ** attempt);
}

/** Why an attached stream failed: it is not there (offline) or something else broke. */
export type StreamFailure = { offline: boolean; message?: string };

/** A stream attached to the video element; `detach` stops it and frees what it holds. */
export type Attached = { detach: () => void };

export type StreamSource = {
  /** A fresh signed URL (they expire: one per connection). */
  fetchUrl: (signal: AbortSignal) => Promise<{ url: string; kind: PlayerKind }>;
  /** Plays the URL; `fail` is called when the stream breaks. */
  attach: (url: string, kind: PlayerKind, fail: (failure: StreamFailure) => void) => Promise<Attached>;
  /** The user paused (history): no progress is expected then. */
  isPaused?: () => boolean;
};

/**
 * A player's life: fetch a signed URL, attach it, watch the progress, and on any failure try again
 * after a back-off, with a fresh URL. A refusal that waiting cannot fix (the tenant has no address
 * configured: 409; no such camera: 404 from the API) is shown and not retried.
 */
export class StreamController {
  private state: StreamState = { status: 'stopped' };
  private attempt = 0;
  private generation = 0;
  private attached: Attached | null = null;
  private abort: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private watchTimer: ReturnType<typeof setTimeout> | null = null;
  private lastProgress = 0;

  constructor(
    private readonly source: StreamSource,
    private readonly onState: (state: StreamState) => void,
    private readonly now: () => number = Date.now,
  ) {}

  current(): StreamState {
    return this.state;
  }

  start(): void {
    this.stop();
    this.attempt = 0;
    void this.connect();
  }

  /** Stops everything it holds; the state becomes `stopped`. */
  stop(): void {
    this.generation++;
    this.clearTimers();
    this.abort?.abort();
    this.abort = null;
    this.attached?.detach();
    this.attached = null;
    this.set({ status: 'stopped' });
  }

  /** The video moved on (its `timeupdate`): playing, and the back-off starts again from 1 s. */
  progress(): void {
    if (this.state.status === 'stopped' || this.state.status === 'offline' || this.state.status === 'error') return;
    this.lastProgress = this.now();
    this.attempt = 0;
    if (this.state.status !== 'playing') this.set({ status: 'playing' });
  }

  private set(state: StreamState) {
    const same =
      state.status === this.state.status &&
      state.message === this.state.message &&
      state.retryIn === this.state.retryIn;
    this.state = state;
    if (!same) this.onState(state);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.retryTimer = null;
    this.watchTimer = null;
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.clearTimers();
    this.attached?.detach();
    this.attached = null;
    this.set({ status: 'connecting' });
    const abort = new AbortController();
    this.abort = abort;
    let target: { url: string; kind: PlayerKind };
    try {
      target = await this.source.fetchUrl(abort.signal);
    } catch (error) {
      if (generation !== this.generation) return;
      if (isApiError(error) && (error.code === 409 || error.code === 422 || error.code === 403)) {
        // The tenant has no address configured, or the camera is not the user's: waiting does not help.
        this.set({ status: 'error', message: error.message });
        return;
      }
      if (isApiError(error) && error.code === 404) {
        // The robot or its camera is not there (yet): it may come back.
        this.retry({ offline: true, message: error.message });
        return;
      }
      this.retry({ offline: false, message: error instanceof Error ? error.message : undefined });
      return;
    }
    if (generation !== this.generation) return;
    const fail = (failure: StreamFailure) => {
      if (generation === this.generation) this.retry(failure);
    };
    try {
      const attached = await this.source.attach(target.url, target.kind, fail);
      if (generation !== this.generation) {
        attached.detach();
        return;
      }
      this.attached = attached;
    } catch (error) {
      fail({ offline: false, message: error instanceof Error ? error.message : undefined });
      return;
    }
    this.lastProgress = this.now();
    this.watch(generation);
  }

  /** Every second: stalled after STALL_MS without progress, opened again after RECONNECT_AFTER_MS. */
  private watch(generation: number) {
    this.watchTimer = setTimeout(() => {
      if (generation !== this.generation) return;
      if (this.source.isPaused?.()) this.lastProgress = this.now();
      const idle = this.now() - this.lastProgress;
      if (idle >= RECONNECT_AFTER_MS) {
        this.retry({ offline: false });
        return;
      }
      if (idle >= STALL_MS && this.state.status === 'playing') this.set({ status: 'stalled' });
      this.watch(generation);
    }, 1000);
  }

  private retry(failure: StreamFailure) {
    const generation = ++this.generation;
    this.clearTimers();
    this.abort?.abort();
    this.attached?.detach();
    this.attached = null;
    const delay = backoffDelay(this.attempt++);
    const status = failure.offline ? 'offline' : failure.message ? 'error' : 'stalled';
    this.set({ status, message: failure.message, retryIn: delay });
    this.retryTimer = setTimeout(() => {
      if (generation === this.generation) void this.connect();
    }, delay);
  }
}
