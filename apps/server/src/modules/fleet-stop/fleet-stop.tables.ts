import { bigint, boolean, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { robots } from '../robots/robots.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * The fleet-wide stop of a tenant: one row per tenant that was ever stopped, `active` while the stop
 * is in force. Who stopped it and when stay readable on every console.
 */
export const fleetStops = pgTable(
  'fleet_stops',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    active: boolean().notNull().default(false),
    stoppedById: integer(),
    stoppedByName: varchar({ length: 64 }),
    stoppedAt: at(),
    resumedById: integer(),
    resumedByName: varchar({ length: 64 }),
    resumedAt: at(),
  },
  (t) => [uniqueIndex('fleet_stops_tenant_unique').on(t.tenantId)],
);

/**
 * The robots a stop in force holds: sent `fleetStop`, or waiting for their reconnect to get it.
 * `onlineKey` is the presence message whose reconnect was last answered with `fleetStop`, so that of
 * several server instances (each receives every presence message) only one sends it.
 */
export const fleetStopRobots = pgTable(
  'fleet_stop_robots',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    robotId: integer()
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    onlineKey: bigint({ mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.robotId] })],
);
