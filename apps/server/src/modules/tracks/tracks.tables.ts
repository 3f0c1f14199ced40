import { bigint, doublePrecision, index, integer, pgTable, primaryKey, real, varchar } from 'drizzle-orm/pg-core';

/**
 * Where a robot was, once per telemetry message: the robot, the tenant it belonged to then (a robot
 * moved to another tenant leaves its old points with the old one) and the message's own time.
 * One row per robot and time, so a redelivered message stores nothing twice. No foreign keys: the
 * table takes a fleet's telemetry, and its rows outlive the robot until the retention purge.
 */
export const trackPoints = pgTable(
  'track_points',
  {
    robotId: integer().notNull(),
    /** The message's `ts`, epoch milliseconds. */
    ts: bigint({ mode: 'number' }).notNull(),
    tenantId: integer().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    /** m/s. */
    speed: real().notNull(),
    /** Degrees, 0 north, clockwise. */
    direction: real().notNull(),
    mode: varchar({ length: 16 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.ts] }),
    // Points arrive in time order: a BRIN index finds the expired ones for the purge at almost no cost per insert.
    index('track_points_ts_brin').using('brin', t.ts),
  ],
);
