import { index, integer, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { STATUS, at, id, timestamps } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/** A third-party (expose) account of a tenant; it trades its connection password for a short-lived token. */
export const exposeAccounts = pgTable(
  'expose_accounts',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    name: varchar({ length: 64 }).notNull(),
    account: varchar({ length: 64 }).notNull(),
    /** scrypt of the connection password's SHA-256 digest, like users' passwords. */
    passwordHash: varchar({ length: 255 }).notNull(),
    status: smallint().notNull().default(STATUS.enabled),
    ...timestamps(),
  },
  (t) => [unique('expose_accounts_tenant_account_unique').on(t.tenantId, t.account)],
);

/**
 * A one-time external-login token issued to an expose account for one console user of its tenant
 * (the third party vouches for that user); only its SHA-256 is kept.
 */
export const exposeTokens = pgTable(
  'expose_tokens',
  {
    id: id(),
    tokenHash: varchar({ length: 64 }).notNull().unique('expose_tokens_token_hash_unique'),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    exposeAccountId: integer()
      .notNull()
      .references(() => exposeAccounts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index('expose_tokens_account_idx').on(t.exposeAccountId)],
);
