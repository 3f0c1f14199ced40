import type { ScheduleMethod, ScheduleOutcome } from '@patrol/contracts';
import { index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, id, STATUS, timestamps } from '../../db/columns.js';
import { robots } from '../robots/robots.tables.js';
import { tasks } from '../tasks/tasks.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A schedule: when a task runs, in the tenant's time zone. `next_run_at` is the one thing the
 * scheduler reads: it is computed from the row (and the tenant's zone) whenever the row changes or
 * fires, so a restart loses nothing. Finished = enabled with no next run.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    taskId: integer()
      .notNull()
      .references(() => tasks.id),
    robotId: integer().references(() => robots.id, { onDelete: 'set null' }),
    priority: smallint().notNull(),
    method: varchar({ length: 16 }).$type<ScheduleMethod>().notNull(),
    /** Runs in all; null for unlimited. */
    times: integer(),
    /** `HH:mm`; null for immediate. */
    timeOfDay: varchar({ length: 5 }),
    dates: jsonb().$type<string[]>().notNull().default([]),
    weekdays: jsonb().$type<number[]>().notNull().default([]),
    startDay: smallint(),
    endDay: smallint(),
    startMonth: smallint(),
    endMonth: smallint(),
    status: smallint().notNull().default(STATUS.enabled),
    nextRunAt: at(),
    /** The zone `next_run_at` was computed in: a tenant that changes its zone gets its times computed again. */
    timeZone: varchar({ length: 64 }).notNull(),
    dispatchCount: integer().notNull().default(0),
    lastPlannedAt: at(),
    lastOutcome: varchar({ length: 16 }).$type<ScheduleOutcome>(),
    lastReason: varchar({ length: 100 }),
    lastRunId: integer(),
    ...timestamps(),
  },
  (t) => [
    index('schedules_tenant_idx').on(t.tenantId),
    index('schedules_due_idx').on(t.nextRunAt),
    index('schedules_task_idx').on(t.taskId),
  ],
);

/** Who dispatches: one row per loop, held by one instance until `expires_at`. */
export const schedulerLeases = pgTable('scheduler_leases', {
  name: varchar({ length: 64 }).primaryKey(),
  holder: varchar({ length: 100 }).notNull(),
  expiresAt: at().notNull(),
});
