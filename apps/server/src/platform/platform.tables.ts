import { customType, pgTable, smallint, text, varchar, integer } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files the server received (alarm images), when they are kept in the database
 * (FILE_STORAGE=database): every instance reads what any other one stored.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar({ length: 200 }).primaryKey(),
  contentType: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: at().notNull().defaultNow(),
});

/**
 * The console's own signing key (Ed25519), made once and shared by every instance: it signs the
 * net gun's fire authorisations, and robots get its public key on their `config` topic.
 */
export const consoleKeys = pgTable('console_keys', {
  /** Always 1: there is one key. */
  id: smallint().primaryKey(),
  privateKeyPem: text().notNull(),
  publicKeyPem: text().notNull(),
  createdAt: at().notNull().defaultNow(),
});
