import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A command sent to a robot (the command dispatch records). It belongs to the tenant that sent it
 * and keeps the robot's name and serial as they were, so it stays readable after the robot moves.
 */
export const commandRecords = pgTable(
  'command_records',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    commandId: varchar({ length: 64 }).notNull(),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    topic: varchar({ length: 200 }).notNull(),
    name: varchar({ length: 32 }).notNull(),
    args: jsonb().$type<Record<string, unknown>>().notNull(),
    status: varchar({ length: 16 }).notNull(),
    syncCode: smallint(),
    asyncCode: smallint(),
    message: text(),
    operatorId: integer(),
    operatorName: varchar({ length: 64 }),
    publishedAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    ackAt: at(),
    doneAt: at(),
    /** The alarm the command was sent for (alarm disposal, the net-gun decision), if any. */
    alarmId: integer(),
  },
  (t) => [
    uniqueIndex('command_records_command_id_unique').on(t.commandId),
    index('command_records_tenant_idx').on(t.tenantId, t.publishedAt),
    index('command_records_alarm_idx').on(t.alarmId),
  ],
);

/** A reply a robot sent on `cmd/reply` (the command reply records), sync or async. */
export const commandReplies = pgTable(
  'command_replies',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    commandId: varchar({ length: 64 }).notNull(),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    topic: varchar({ length: 200 }).notNull(),
    commandName: varchar({ length: 32 }),
    phase: varchar({ length: 8 }).notNull(),
    code: smallint().notNull(),
    message: text(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [index('command_replies_tenant_idx').on(t.tenantId, t.receivedAt)],
);
