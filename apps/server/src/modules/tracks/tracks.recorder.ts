import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { limitedLog } from '../../platform/log-limit.js';
import { insertTrackPoints, type TrackPointRow } from './tracks.repository.js';

export type TrackRecorderOptions = {
  /** Longest a point waits in memory before it is written. */
  flushMs?: number;
  /** Points per statement; a buffer this full is written at once. */
  batchRows?: number;
  /** Points held in memory at most (waiting or being written); beyond it new points are dropped and counted. */
  maxBuffered?: number;
  /** How often a drop or a failed write is logged, at most. */
  logIntervalMs?: number;
};

export const TRACK_FLUSH_MS = 1000;
export const TRACK_BATCH_ROWS = 5000;
/** About a minute of a thousand-robot fleet at 1 Hz. */
export const TRACK_MAX_BUFFERED = 60_000;

/**
 * Writes track points in batches: `offer` only appends to a buffer (the telemetry path never waits
 * for the database); one write at a time takes up to `batchRows` points in one statement, every
 * `flushMs` or as soon as a batch is full. The buffer is bounded: when the database falls behind,
 * what does not fit is dropped, counted and logged, never held without limit.
 */
export function createTrackRecorder(db: Db, log: FastifyBaseLogger, options: TrackRecorderOptions = {}) {
  const flushMs = options.flushMs ?? TRACK_FLUSH_MS;
  const batchRows = options.batchRows ?? TRACK_BATCH_ROWS;
  const maxBuffered = options.maxBuffered ?? TRACK_MAX_BUFFERED;
  const logDrop = limitedLog(options.logIntervalMs ?? 10_000);
  const logFailure = limitedLog(options.logIntervalMs ?? 10_000);
  let buffer: TrackPointRow[] = [];
  let inFlight = 0;
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let kick = false;
  const stats = { offered: 0, written: 0, dropped: 0, statements: 0, failed: 0 };

  const drop = (n: number, why: string) => {
    stats.dropped += n;
    logDrop((extra) =>
      log.warn({ dropped: stats.dropped, buffered: buffer.length + inFlight, why, ...extra }, 'track points dropped'),
    );
  };

  /** Takes one point; false when the buffer is full and the point is dropped. */
  function offer(point: TrackPointRow): boolean {
    stats.offered++;
    if (buffer.length + inFlight >= maxBuffered) {
      drop(1, 'buffer full');
      return false;
    }
    buffer.push(point);
    if (buffer.length >= batchRows && !writing && !kick) {
      kick = true;
      setImmediate(() => {
        kick = false;
        void flush();
      });
    }
    return true;
  }

  /** Writes what is buffered now, batch by batch; resolves when it is written (or counted as lost). */
  async function flush(): Promise<void> {
    while (writing) await writing;
    if (buffer.length === 0) return;
    writing = (async () => {
      while (buffer.length > 0) {
        const batch = buffer.length <= batchRows ? buffer : buffer.slice(0, batchRows);
        buffer = buffer.length <= batchRows ? [] : buffer.slice(batchRows);
        inFlight = batch.length;
        try {
          await insertTrackPoints(db, batch);
          stats.written += batch.length;
          stats.statements++;
        } catch (error) {
          stats.failed++;
          logFailure((extra) => log.error({ err: error, points: batch.length, ...extra }, 'track points write failed'));
          // Tried again with the next flush while there is room; what does not fit is lost, and counted.
          const room = Math.max(0, maxBuffered - buffer.length);
          if (room < batch.length) drop(batch.length - room, 'write failed');
          buffer = [...batch.slice(0, room), ...buffer];
          break;
        } finally {
          inFlight = 0;
        }
        // Let the telemetry path run between two statements.
        await yieldToLoop();
      }
    })().finally(() => (writing = null));
    await writing;
  }

  return {
    offer,
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    /** Stops the timer and writes what is left. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    stats: () => ({ ...stats, buffered: buffer.length + inFlight }),
  };
}

export type TrackRecorder = ReturnType<typeof createTrackRecorder>;
