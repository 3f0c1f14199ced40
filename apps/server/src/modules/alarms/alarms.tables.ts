import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/**
 * An alarm: a robot's `gun` or `sentiment` event, kept once per robot and message id by the tenant
 * the robot belonged to, with the robot's name and serial as they were, and where its disposal stands.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    kind: varchar({ length: 16 }).notNull(),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    /** The event's `id`: one alarm per robot and message id. */
    messageId: varchar({ length: 64 }).notNull(),
    taskId: varchar({ length: 64 }),
    code: varchar({ length: 64 }).notNull(),
    msg: varchar({ length: 500 }).notNull(),
    level: smallint().notNull(),
    /** The event's `ts`: when the robot saw it. */
    reportedAt: at().notNull(),
    receivedAt: at().notNull().defaultNow(),
    topic: varchar({ length: 200 }).notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** The image's key in the file storage, when the event had a valid one. */
    imageKey: varchar({ length: 200 }),
    status: varchar({ length: 16 }).notNull().default('disposing'),
    /** The latest operation taken. */
    operationType: varchar({ length: 16 }),
    /** Gun alarms: 'allowed' or 'rejected', set once, by whom and when. */
    gunDecision: varchar({ length: 16 }),
    gunDecidedById: integer(),
    gunDecidedByName: varchar({ length: 100 }),
    gunDecidedAt: at(),
    /** Who took the first operation, and when. */
    handledById: integer(),
    handledByName: varchar({ length: 100 }),
    handledAt: at(),
    escalatedAt: at(),
    completedAt: at(),
  },
  (t) => [
    uniqueIndex('alarms_robot_message_unique').on(t.robotId, t.messageId),
    index('alarms_tenant_idx').on(t.tenantId, t.reportedAt),
    index('alarms_unhandled_idx')
      .on(t.receivedAt)
      .where(sql`handled_at is null and escalated_at is null`),
  ],
);

/**
 * Alarms counted per tenant, robot, kind and day of the tenant's clock (`tenants.time_zone` when the
 * alarm was stored), added to in the transaction that stores the alarm, once per alarm kept: the
 * dashboards' trends and portrait read a year from these rows instead of the alarms. A tenant that
 * changes its time zone keeps its past days cut in the zone they were counted in. No foreign keys,
 * like the alarms' robot ids.
 */
export const alarmDays = pgTable(
  'alarm_days',
  {
    tenantId: integer().notNull(),
    robotId: integer().notNull(),
    kind: varchar({ length: 16 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.robotId, t.kind] })],
);

/** One operation taken on an alarm: who, when, the command it sent, a comment. */
export const alarmOperations = pgTable(
  'alarm_operations',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    alarmId: integer()
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    operation: varchar({ length: 16 }).notNull(),
    operatorId: integer(),
    operatorName: varchar({ length: 100 }),
    at: at().notNull().defaultNow(),
    /** The wire id of the robot command it sent, if any. */
    commandId: varchar({ length: 64 }),
    comment: text(),
  },
  (t) => [index('alarm_operations_alarm_idx').on(t.alarmId, t.at)],
);

/** A user's alarm popup mute-until times (epoch ms), the same on every console of theirs. */
export const alarmMutes = pgTable('alarm_mutes', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  warningMuteUntil: bigint({ mode: 'number' }),
  sentimentMuteUntil: bigint({ mode: 'number' }),
});
