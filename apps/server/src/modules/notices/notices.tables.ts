import { boolean, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/** A message to one user (the recipient) inside one tenant; type 1 is a system notice. */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: 100 }).notNull(),
    content: text().notNull(),
    type: smallint().notNull().default(1),
    read: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('notices_recipient_idx').on(t.tenantId, t.userId, t.type, t.createdAt)],
);
