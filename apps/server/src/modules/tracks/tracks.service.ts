import {
  MAP_DEFAULTS,
  type TrackMark,
  type TrackMarksQuery,
  type TrackQuery,
  type TrackResult,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { alarmsOfRobotBetween } from '../alarms/alarms.shared.js';
import { commandsOfRobotBetween } from '../commands/commands.shared.js';
import { findRobotById } from '../robots/robots.shared.js';
import { inScope, robotScope } from '../user-robots/user-robots.scope.js';
import { purgeTrackPoints, trackPointsBetween } from './tracks.repository.js';
import { downsample } from './tracks.simplify.js';

/** Points deleted per statement of the retention purge. */
export const PURGE_CHUNK = 10_000;
const DAY_MS = 24 * 3600 * 1000;

/** Track records: a robot's stored track, simplified for the map, and the marks of its timeline. */
export function createTracksService(ctx: AppContext) {
  const { db } = ctx;

  /** The robot when it is of the caller's tenant and the caller may see it (as on the live map); else 404. */
  async function visibleRobot(caller: AuthContext, robotId: number) {
    const robot = await findRobotById(db, robotId);
    if (!robot || robot.tenantId !== caller.tenantId) throw notFound('tracks.robotNotFound');
    if (!inScope(await robotScope(db, caller), robotId)) throw notFound('tracks.robotNotFound');
    return robot;
  }

  async function query(caller: AuthContext, q: TrackQuery): Promise<TrackResult> {
    await visibleRobot(caller, q.robotId);
    const rows = await trackPointsBetween(db, caller.tenantId, q.robotId, q.from, q.to);
    const zoom = q.zoom ?? MAP_DEFAULTS.zoom;
    return { robotId: q.robotId, from: q.from, to: q.to, zoom, rawCount: rows.length, points: downsample(rows, zoom) };
  }

  async function marks(caller: AuthContext, q: TrackMarksQuery): Promise<TrackMark[]> {
    await visibleRobot(caller, q.robotId);
    const from = new Date(q.from);
    const to = new Date(q.to);
    const [alarms, commands] = await Promise.all([
      alarmsOfRobotBetween(db, caller.tenantId, q.robotId, from, to),
      commandsOfRobotBetween(db, caller.tenantId, q.robotId, from, to),
    ]);
    const out: TrackMark[] = [
      ...alarms.map((a) => ({ ts: a.reportedAt.getTime(), kind: 'alarm' as const, label: a.msg || a.code, id: a.id })),
      ...commands.map((c) => ({ ts: c.publishedAt.getTime(), kind: 'command' as const, label: c.name, id: c.id })),
    ];
    return out.sort((a, b) => a.ts - b.ts || a.id - b.id);
  }

  /**
   * Deletes the points older than the retention, chunk by chunk so no statement holds the table
   * long; answers how many went. Idempotent: several instances may run it.
   */
  async function purge(now = Date.now(), chunk = PURGE_CHUNK): Promise<number> {
    const before = now - ctx.config.trackRetentionDays * DAY_MS;
    let total = 0;
    for (;;) {
      const n = await purgeTrackPoints(db, before, chunk);
      total += n;
      if (n < chunk) return total;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return { query, marks, purge };
}

export type TracksService = ReturnType<typeof createTracksService>;
