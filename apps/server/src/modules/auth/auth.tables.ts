import { boolean, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Failed secret checks (sign-in, expose connection password, external-access token, the old password
 * of a change) of one key (an account) from one address, or from all addresses (address `*`).
 * Counted before the secret is checked, by one upsert per row, so concurrent attempts and several
 * server instances see one count; see docs/decisions.md "Brute force and password checks".
 */
export const secretFailures = pgTable(
  'secret_failures',
  {
    /** 'login' | 'expose' | 'external' | 'password' */
    kind: varchar({ length: 16 }).notNull(),
    /** What the secret belongs to: tenant and account, tenant and user, or tenant. */
    key: varchar({ length: 200 }).notNull(),
    /** The caller's address, or `*` for the count over all addresses. */
    address: varchar({ length: 64 }).notNull(),
    /** Attempts counted since `windowStart` (refused ones included); a success sets it to 0. */
    failures: integer().notNull(),
    windowStart: at().notNull(),
    lockedUntil: at(),
    /** Locks in a row, each twice as long as the one before; a success or a quiet day clears it. */
    lockouts: integer().notNull().default(0),
    /** The last time this address passed the check for this key: it is then trusted past the ceiling. */
    lastSuccessAt: at(),
    updatedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.address] })],
);
