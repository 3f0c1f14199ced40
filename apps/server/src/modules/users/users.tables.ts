import { date, index, integer, numeric, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { STATUS, at, id, timestamps } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A person who signs in to the console. The account is unique inside its tenant. Platform
 * administrators are not flagged here: they are derived (tenant 1 plus the role `admin`).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    account: varchar({ length: 64 }).notNull(),
    username: varchar({ length: 100 }).notNull(),
    /** scrypt of the browser's SHA-256 digest; see platform/passwords.ts. */
    passwordHash: varchar({ length: 255 }).notNull(),
    nickname: varchar({ length: 100 }),
    idNumber: varchar({ length: 32 }),
    /** 'male' | 'female' */
    gender: varchar({ length: 8 }),
    birthday: date({ mode: 'string' }),
    /** Height in centimetres. */
    height: numeric({ precision: 5, scale: 1, mode: 'number' }),
    age: smallint(),
    phone: varchar({ length: 32 }),
    email: varchar({ length: 200 }),
    userType: smallint().notNull().default(1),
    status: smallint().notNull().default(STATUS.enabled),
    lastLoginAt: at(),
    ...timestamps(),
  },
  (t) => [unique('users_tenant_account_unique').on(t.tenantId, t.account), index('users_account_idx').on(t.account)],
);
