import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { trackPoints } from './tracks.tables.js';

/** A point as the recorder receives it. */
export type TrackPointRow = {
  robotId: number;
  tenantId: number;
  ts: number;
  lat: number;
  lng: number;
  speed: number;
  direction: number;
  mode: string;
};

/** A PostgreSQL array literal of numbers (`{1,2.5,3e-7}`), one parameter whatever the batch's size. */
const numbers = (values: number[]) => `{${values.join(',')}}`;
/** A PostgreSQL array literal of texts; each is quoted, with `"` and `\` escaped. */
const texts = (values: string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** PostgreSQL's unique_violation: a point already stored (or twice in one batch). */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
};

/**
 * Stores points in one statement: eight array parameters unnested into rows, whatever the batch's
 * size (no statement per point, no SQL text growing with the batch). The plain INSERT is tried
 * first: ON CONFLICT's speculative insertion costs about half again per row, and a point stored
 * twice is rare (telemetry is QoS 0, split between instances by the broker). When a batch holds a
 * point already stored (a robot resending), it is written again with ON CONFLICT DO NOTHING, so a
 * redelivery stores nothing twice and costs the rest of its batch nothing. Spans tenants: the
 * recorder writes what the fleet sent.
 */
export async function insertTrackPoints(db: DbOrTx, rows: TrackPointRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof TrackPointRow>(key: K) => rows.map((r) => r[key]);
  const values = sql`select * from unnest(
      ${numbers(col('robotId'))}::int[], ${numbers(col('ts'))}::int8[], ${numbers(col('tenantId'))}::int[],
      ${numbers(col('lat'))}::float8[], ${numbers(col('lng'))}::float8[], ${numbers(col('speed'))}::real[],
      ${numbers(col('direction'))}::real[], ${texts(col('mode'))}::text[])`;
  const insert = sql`insert into track_points (robot_id, ts, tenant_id, lat, lng, speed, direction, mode) ${values}`;
  try {
    await db.execute(insert);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.execute(sql`${insert} on conflict do nothing`);
  }
}

/** A robot's points of a tenant between two times (epoch ms, both ends included), in time order. */
export async function trackPointsBetween(db: DbOrTx, tenantId: number, robotId: number, from: number, to: number) {
  return db
    .select({ ts: trackPoints.ts, lng: trackPoints.lng, lat: trackPoints.lat, speed: trackPoints.speed })
    .from(trackPoints)
    .where(inTenant(trackPoints, tenantId, and(eq(trackPoints.robotId, robotId), between(trackPoints.ts, from, to))))
    .orderBy(asc(trackPoints.ts));
}

/** Deletes at most `limit` points older than `before` (epoch ms) in any tenant; answers how many went. */
export async function purgeTrackPoints(db: DbOrTx, before: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from track_points where ctid = any(array(
        select ctid from track_points where ts < ${before} limit ${limit}))
      returning 1)
    select count(*)::int as n from gone`);
  // Both drivers answer `{ rows }`; the shared database type does not say so.
  const { rows } = result as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** How many points a robot has in a tenant (tests, benchmarks). */
export async function countTrackPoints(db: DbOrTx, tenantId: number, robotId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackPoints)
    .where(inTenant(trackPoints, tenantId, robotId === undefined ? undefined : eq(trackPoints.robotId, robotId)));
  return Number(row?.n ?? 0);
}
