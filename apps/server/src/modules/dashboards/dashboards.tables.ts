import { bigint, check, date, doublePrecision, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from '../../db/columns.js';

/**
 * What a robot did in one hour (UTC hour start), summed from its stored track points by the rollup
 * (`dashboards.rollup.ts`): the distance it moved and the seconds it was online. The trend window reads these rows, never the raw
 * track points, so a year of a fleet is a few hundred thousand rows. The tenant is the one the robot
 * belonged to then. No foreign keys: the rows outlive the robot, like its track points.
 */
export const robotHours = pgTable(
  'robot_hours',
  {
    robotId: integer().notNull(),
    tenantId: integer().notNull(),
    hour: at().notNull(),
    /** Metres moved in the hour. */
    distanceM: doublePrecision().notNull().default(0),
    /** Seconds online in the hour. */
    onlineS: integer().notNull().default(0),
    /** Telemetry messages counted in the hour. */
    samples: bigint({ mode: 'number' }).notNull().default(0),
  },
  // The trend window's index, `robot_hours_tenant_cover_idx (tenant_id, hour) include (robot_id,
  // distance_m, online_s)`, is written in migration 0018: Drizzle does not express `include`.
  (t) => [primaryKey({ columns: [t.robotId, t.tenantId, t.hour] })],
);

/**
 * What a robot did in one day of its tenant's clock: the same sums as its hours (an hour counts on
 * the day its start falls on in `tenants.time_zone`, the zone when it was summed), added to by the
 * rollup in the statement that adds to `robot_hours`. The trend window reads a year of a fleet from
 * these rows. A tenant that changes its time zone keeps its past days cut in the zone they were
 * summed in.
 */
export const robotDays = pgTable(
  'robot_days',
  {
    tenantId: integer().notNull(),
    robotId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** Metres moved in the day. */
    distanceM: doublePrecision().notNull().default(0),
    /** Seconds online in the day. */
    onlineS: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.robotId] })],
);

/**
 * How far the rollup has counted the track points: one row, the points with `ts` up to
 * `counted_to` (epoch ms) are in `robot_hours`. It moves in the transaction that adds their sums.
 */
export const robotHoursRollup = pgTable(
  'robot_hours_rollup',
  {
    id: smallint().primaryKey().default(1),
    countedTo: bigint({ mode: 'number' }).notNull(),
    passedAt: at().notNull().defaultNow(),
  },
  (t) => [check('robot_hours_rollup_one_row', sql`${t.id} = 1`)],
);
