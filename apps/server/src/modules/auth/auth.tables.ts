import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/** A signed-in session; only the SHA-256 of its token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar({ length: 64 }).notNull().unique('sessions_token_hash_unique'),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's own tenant at sign-in. */
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    /** Opened through the third-party (external) login. */
    external: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 500 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every sign-in attempt, successful or not; also the source of the account lock. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: id(),
    tenantId: integer().references(() => tenants.id, { onDelete: 'set null' }),
    account: varchar({ length: 64 }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 500 }),
    /** 'success' | 'failure' | 'locked' */
    result: varchar({ length: 10 }).notNull(),
    reason: varchar({ length: 40 }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_account_idx').on(t.account, t.createdAt),
    index('login_logs_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
