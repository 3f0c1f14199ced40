import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';
import { robots } from '../robots/robots.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/** A robot a user may see and control (users without a fleet-wide role see only these). */
export const userRobots = pgTable(
  'user_robots',
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    robotId: integer()
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.robotId] }), index('user_robots_robot_idx').on(t.robotId)],
);
