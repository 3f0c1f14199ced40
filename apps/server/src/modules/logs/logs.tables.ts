import { index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/**
 * One state-changing API request (spec section 3, log entry), written by the one operation-log
 * hook, never by a route. Secrets in `params` are masked before they are stored.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    /** The tenant the request acted in; null when it failed before a session was known. */
    tenantId: integer().references(() => tenants.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Operator account and name at the time of the request. */
    account: varchar({ length: 64 }),
    username: varchar({ length: 100 }),
    /** Operator role names at the time of the request, comma separated. */
    roleNames: varchar({ length: 500 }),
    /** The route's description (its OpenAPI summary). */
    description: varchar({ length: 300 }).notNull(),
    method: varchar({ length: 10 }).notNull(),
    route: varchar({ length: 300 }).notNull(),
    /** 'info' | 'warn' | 'error' */
    level: varchar({ length: 8 }).notNull(),
    /** Query and body as JSON, secrets masked, cut to a bounded length. */
    params: text(),
    durationMs: integer().notNull(),
    /** 'success' | 'failure' */
    result: varchar({ length: 10 }).notNull(),
    statusCode: smallint().notNull(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 500 }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('operation_logs_tenant_idx').on(t.tenantId, t.createdAt)],
);
