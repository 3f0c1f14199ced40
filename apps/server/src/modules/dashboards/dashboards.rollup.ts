import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { limitedLog } from '../../platform/log-limit.js';
import { rollUpRobotHours, type RollupWindow } from './dashboards.repository.js';

export type RobotHoursRollupOptions = {
  /** How often a pass runs. */
  intervalMs?: number;
  /** How long a point may take to be stored (the track recorder's buffer): newer points wait. */
  lagMs?: number;
  /** At most this much of the points' time per pass: a long pause catches up over several passes. */
  windowMs?: number;
  /** The longest gap between two points of a robot that counts as online (and as moved). */
  maxGapMs?: number;
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
  /** How often a failed pass is logged, at most. */
  logIntervalMs?: number;
};

export const ROLLUP_INTERVAL_MS = 15_000;
/** The track recorder writes every second, or later when the database is slow: 30 s covers it. */
export const ROLLUP_LAG_MS = 30_000;
export const ROLLUP_WINDOW_MS = 10 * 60_000;
/** Robots report every second or so: a gap longer than 10 s is the robot away, not online. */
export const ROLLUP_MAX_GAP_MS = 10_000;
/** A pass that did not catch up is followed by the next one this soon. */
const CATCH_UP_MS = 1000;
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Metres between two positions (haversine on the mean Earth radius), as the rollup's SQL computes them. */
export function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Sums the robots' stored track points into their hours (`robot_hours`), exactly, however many
 * instances run: every instance runs the timer, and each pass is one transaction under an advisory
 * lock that moves a watermark (`robot_hours_rollup`) over the points it counted, so each point is
 * counted once, by whichever instance took the lock (`rollUpRobotHours`). Points are counted
 * `lagMs` after their time, once the recorder has stored them; a point stored later than that (its
 * time behind the watermark) is not counted. A rollup that never ran starts at its first pass:
 * the points stored before are not counted.
 */
export function createRobotHoursRollup(db: Db, log: FastifyBaseLogger, options: RobotHoursRollupOptions = {}) {
  const intervalMs = options.intervalMs ?? ROLLUP_INTERVAL_MS;
  const lagMs = options.lagMs ?? ROLLUP_LAG_MS;
  const windowMs = options.windowMs ?? ROLLUP_WINDOW_MS;
  const maxGapMs = options.maxGapMs ?? ROLLUP_MAX_GAP_MS;
  const now = options.now ?? Date.now;
  const logFailure = limitedLog(options.logIntervalMs ?? 60_000);
  let running: Promise<RollupWindow | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  const stats = { passes: 0, skipped: 0, failed: 0, points: 0 };

  /** One pass now (or the one under way on this instance): the window counted, or null when another instance holds the lock. */
  function pass(): Promise<RollupWindow | null> {
    running ??= (async () => {
      const until = now() - lagMs;
      const window = await rollUpRobotHours(db, { until, windowMs, maxGapMs, start: until });
      if (window) {
        stats.passes++;
        stats.points += window.points;
      } else stats.skipped++;
      return window;
    })().finally(() => (running = null));
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      pass()
        .then((window) => schedule(window && window.to < now() - lagMs ? CATCH_UP_MS : intervalMs))
        .catch((error: unknown) => {
          stats.failed++;
          logFailure((extra) => log.error({ err: error, ...extra }, 'robot hours rollup pass failed'));
          schedule(intervalMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    pass,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(intervalMs);
    },
    /** Stops the timer and waits for a pass under way. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    stats: () => ({ ...stats }),
  };
}

export type RobotHoursRollup = ReturnType<typeof createRobotHoursRollup>;
