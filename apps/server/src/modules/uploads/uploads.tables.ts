import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/** A data upload a robot reported on `upload` (the data upload records), kept by the tenant it reported to. */
export const uploadRecords = pgTable(
  'upload_records',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    messageId: varchar({ length: 64 }).notNull(),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    topic: varchar({ length: 200 }).notNull(),
    kind: varchar({ length: 16 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    url: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    uploadedAt: at().notNull(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [index('upload_records_tenant_idx').on(t.tenantId, t.receivedAt)],
);
