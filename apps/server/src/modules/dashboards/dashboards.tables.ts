import { bigint, doublePrecision, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/**
 * What a robot did in one hour (UTC hour start), summed from its telemetry as it is recorded: the
 * distance it moved and the seconds it was online. The trend window reads these rows, never the raw
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
  (t) => [
    primaryKey({ columns: [t.robotId, t.tenantId, t.hour] }),
    index('robot_hours_tenant_hour_idx').on(t.tenantId, t.hour),
  ],
);
