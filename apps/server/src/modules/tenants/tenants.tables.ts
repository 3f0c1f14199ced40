import { DEFAULT_TIME_ZONE } from '@patrol/contracts';
import { pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { STATUS, id, timestamps } from '../../db/columns.js';

/** A customer organisation; tenant 1 is the platform tenant whose administrators act across tenants. */
export const tenants = pgTable('tenants', {
  id: id(),
  code: varchar({ length: 64 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  status: smallint().notNull().default(STATUS.enabled),
  adminPhone: varchar({ length: 32 }),
  adminAccount: varchar({ length: 64 }),
  adminName: varchar({ length: 100 }),
  adminEmail: varchar({ length: 200 }),
  remark: text(),
  /** IANA time zone its schedules are read in. */
  timeZone: varchar({ length: 64 }).notNull().default(DEFAULT_TIME_ZONE),
  ...timestamps(),
});
