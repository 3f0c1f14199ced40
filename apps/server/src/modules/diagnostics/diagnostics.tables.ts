import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/**
 * The code that opens the diagnostics page (`/debug?code=`), set by a platform administrator: one
 * row, the code kept only as a hash, with who set it, when, and until when it works.
 */
export const diagnosticsCode = pgTable('diagnostics_code', {
  /** Always 1: there is one code for the whole console. */
  id: integer().primaryKey(),
  codeHash: varchar({ length: 200 }).notNull(),
  setById: integer(),
  setByName: varchar({ length: 100 }),
  setAt: at().notNull().defaultNow(),
  expiresAt: at(),
});
