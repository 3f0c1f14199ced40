import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { limitedLog } from '../../platform/log-limit.js';
import { addRobotHours, type RobotHourDelta } from './dashboards.repository.js';

export type RobotHoursRollupOptions = {
  /** How often the sums are written. */
  flushMs?: number;
  /** The longest gap between two messages of a robot that counts as online (and as moved). */
  maxGapMs?: number;
  /** Robots whose last point is kept; beyond it the robot heard from longest ago is forgotten. */
  maxRobots?: number;
  /** Robot-hours waiting to be written at most; beyond it new sums are dropped and counted. */
  maxBuckets?: number;
  /** How often a drop or a failed write is logged, at most. */
  logIntervalMs?: number;
};

export const ROLLUP_FLUSH_MS = 5000;
/** Robots report every second or so: a gap longer than 10 s is the robot away, not online. */
export const ROLLUP_MAX_GAP_MS = 10_000;
export const ROLLUP_MAX_ROBOTS = 100_000;
export const ROLLUP_MAX_BUCKETS = 100_000;
/** Faster than the protocol's top speed (m/s) between two points is a jump of the position, not a move. */
const MAX_SPEED_MS = 100;
const HOUR_MS = 3_600_000;
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Metres between two positions (haversine on the mean Earth radius). */
export function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type RollupPoint = { ts: number; lat: number; lng: number };
type Last = RollupPoint & { tenantId: number; carryMs: number };

/**
 * Sums each robot's telemetry into its hours (`robot_hours`): `offer` only does arithmetic in
 * memory (the telemetry path never waits for the database). It keeps each robot's last point and
 * adds, to the UTC hour of the message, the distance from that point and the time since it when
 * the gap is at most `maxGapMs` (a gap across an hour's start is shared between the two hours);
 * every message counts as a sample. Every `flushMs` one statement adds the sums to the rows
 * (`on conflict do update` adds, so instances and flushes never overwrite each other).
 * Bounded: at most `maxRobots` last points and `maxBuckets` robot-hours waiting; beyond them the
 * oldest robot is forgotten and new sums are dropped, counted and logged.
 */
export function createRobotHoursRollup(db: Db, log: FastifyBaseLogger, options: RobotHoursRollupOptions = {}) {
  const flushMs = options.flushMs ?? ROLLUP_FLUSH_MS;
  const maxGapMs = options.maxGapMs ?? ROLLUP_MAX_GAP_MS;
  const maxRobots = options.maxRobots ?? ROLLUP_MAX_ROBOTS;
  const maxBuckets = options.maxBuckets ?? ROLLUP_MAX_BUCKETS;
  const logDrop = limitedLog(options.logIntervalMs ?? 10_000);
  const logFailure = limitedLog(options.logIntervalMs ?? 10_000);
  const last = new Map<number, Last>();
  let pending = new Map<string, RobotHourDelta>();
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const stats = { offered: 0, stale: 0, dropped: 0, written: 0, statements: 0, failed: 0 };

  const drop = (why: string) => {
    stats.dropped++;
    logDrop((extra) => log.warn({ dropped: stats.dropped, why, ...extra }, 'robot hour sums dropped'));
  };

  function bucket(robotId: number, tenantId: number, ts: number): RobotHourDelta | undefined {
    const hour = Math.floor(ts / HOUR_MS) * HOUR_MS;
    const key = `${robotId}:${tenantId}:${hour}`;
    let delta = pending.get(key);
    if (!delta) {
      if (pending.size >= maxBuckets) {
        drop('buffer full');
        return undefined;
      }
      delta = { robotId, tenantId, hour, distanceM: 0, onlineS: 0, samples: 0 };
      pending.set(key, delta);
    }
    return delta;
  }

  /** Adds a piece of a gap (its time and distance) to the hour it falls in. */
  function addPiece(state: Last, robotId: number, at: number, ms: number, metres: number) {
    const delta = bucket(robotId, state.tenantId, at);
    if (!delta) return;
    // Whole seconds to the row, the rest carried to the robot's next piece.
    const total = state.carryMs + ms;
    const whole = Math.floor(total / 1000);
    state.carryMs = total - whole * 1000;
    delta.onlineS += whole;
    delta.distanceM += metres;
  }

  /** Takes one valid telemetry message of a robot in a tenant. Never waits, never throws. */
  function offer(robotId: number, tenantId: number, point: RollupPoint): void {
    stats.offered++;
    const before = last.get(robotId);
    if (before && before.tenantId === tenantId && point.ts <= before.ts) {
      // A redelivery or a message that overtook another: counted already, or its time is.
      stats.stale++;
      return;
    }
    const sample = bucket(robotId, tenantId, point.ts);
    if (sample) sample.samples++;
    const state: Last = {
      ts: point.ts,
      lat: point.lat,
      lng: point.lng,
      tenantId,
      carryMs: before && before.tenantId === tenantId ? before.carryMs : 0,
    };
    if (before && before.tenantId === tenantId) {
      const gap = point.ts - before.ts;
      if (gap <= maxGapMs) {
        let metres = haversineM(before, point);
        if (metres / (gap / 1000) > MAX_SPEED_MS) metres = 0;
        const boundary = Math.floor(point.ts / HOUR_MS) * HOUR_MS;
        if (before.ts < boundary) {
          const share = (boundary - before.ts) / gap;
          addPiece(state, robotId, before.ts, boundary - before.ts, metres * share);
          addPiece(state, robotId, point.ts, point.ts - boundary, metres * (1 - share));
        } else {
          addPiece(state, robotId, point.ts, gap, metres);
        }
      }
      last.delete(robotId);
    } else if (!before && last.size >= maxRobots) {
      // Forget the robot heard from longest ago (the map keeps the order robots were last set in).
      const oldest = last.keys().next().value;
      if (oldest !== undefined) last.delete(oldest);
    }
    last.set(robotId, state);
  }

  /** Writes the sums taken so far in one statement; resolves when written (or put back after a failure). */
  async function flush(): Promise<void> {
    while (writing) await writing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    writing = (async () => {
      const deltas = [...batch.values()].filter((d) => d.samples > 0 || d.onlineS > 0 || d.distanceM > 0);
      try {
        await addRobotHours(db, deltas);
        stats.written += deltas.length;
        stats.statements++;
      } catch (error) {
        stats.failed++;
        logFailure((extra) => log.error({ err: error, rows: deltas.length, ...extra }, 'robot hour sums write failed'));
        // Added back to what came since, for the next flush, while there is room.
        for (const [key, delta] of batch) {
          const now = pending.get(key);
          if (now) {
            now.distanceM += delta.distanceM;
            now.onlineS += delta.onlineS;
            now.samples += delta.samples;
          } else if (pending.size < maxBuckets) pending.set(key, delta);
          else drop('write failed');
        }
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
    stats: () => ({ ...stats, robots: last.size, buffered: pending.size }),
  };
}

export type RobotHoursRollup = ReturnType<typeof createRobotHoursRollup>;
