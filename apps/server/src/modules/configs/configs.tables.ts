import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';

/** Console settings read by key (spec section 3), shared by every tenant. */
export const configs = pgTable('configs', {
  id: id(),
  key: varchar({ length: 100 }).notNull().unique(),
  value: text().notNull().default(''),
  description: varchar({ length: 300 }),
  ...timestamps(),
});
