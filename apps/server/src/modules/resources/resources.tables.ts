import { pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';

/** An API route (pattern + method), registered at start-up; roles are granted resources. */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    route: varchar({ length: 300 }).notNull(),
    method: varchar({ length: 10 }).notNull(),
    description: varchar({ length: 300 }).notNull().default(''),
    /** 'public' | 'session' | 'grant' | 'platform' */
    access: varchar({ length: 10 }).notNull().default('grant'),
    ...timestamps(),
  },
  (t) => [unique('resources_route_method_unique').on(t.route, t.method)],
);
