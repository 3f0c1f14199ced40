import { integer, pgTable } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/**
 * One row the health check writes on every check: a database that still answers reads but can no
 * longer write (disk full, read-only after a failover) is reported down.
 */
export const healthChecks = pgTable('health_checks', {
  id: integer().primaryKey(),
  checkedAt: at().notNull(),
});
