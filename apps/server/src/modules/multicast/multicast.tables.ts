import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';
import { robots } from '../robots/robots.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/** A multicast config of a tenant: where its robots send telecontrol, telemetry and video. */
export const multicastConfigs = pgTable(
  'multicast_configs',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    name: varchar({ length: 50 }).notNull(),
    enabled: boolean().notNull().default(true),
    ip: varchar({ length: 45 }).notNull(),
    telecontrolPort: integer().notNull(),
    telemetryPort: integer().notNull(),
    videoPort: integer().notNull(),
    ...timestamps(),
  },
  (t) => [index('multicast_configs_tenant_idx').on(t.tenantId)],
);

/** A robot taking part in a multicast config; one config per robot at most. */
export const multicastConfigRobots = pgTable('multicast_config_robots', {
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
  configId: integer()
    .notNull()
    .references(() => multicastConfigs.id, { onDelete: 'cascade' }),
  robotId: integer()
    .notNull()
    .primaryKey()
    .references(() => robots.id, { onDelete: 'cascade' }),
});
