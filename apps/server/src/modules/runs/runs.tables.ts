import type { RunProgress, RunSource, RunStatus, RunStepName, RunTaskArgs } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A run of a task on a robot (the execution records). The task's and robot's names are kept as they
 * were, and `task` holds the task exactly as it was dispatched, so a record stays readable (and its
 * path drawable) after the task, its jobs or the robot change or go. `scheduleId` is the schedule
 * that fired it (none for a manual start).
 */
export const runs = pgTable(
  'runs',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    taskId: integer(),
    taskName: varchar({ length: 50 }).notNull(),
    robotId: integer(),
    robotName: varchar({ length: 50 }),
    serialNumber: varchar({ length: 64 }),
    scheduleId: integer(),
    source: varchar({ length: 16 }).$type<RunSource>().notNull(),
    status: varchar({ length: 16 }).$type<RunStatus>().notNull(),
    /** Why it was skipped or failed: `runs.<reason>`. */
    reason: varchar({ length: 64 }),
    /** The robot's own words when it failed the run. */
    message: text(),
    /** The `runTask` command's wire id. */
    commandId: varchar({ length: 64 }),
    task: jsonb().$type<RunTaskArgs['task']>(),
    progress: jsonb().$type<RunProgress>(),
    plannedAt: at().notNull(),
    dispatchedAt: at(),
    startedAt: at(),
    endedAt: at(),
  },
  (t) => [
    index('runs_tenant_planned_idx').on(t.tenantId, t.plannedAt),
    index('runs_robot_status_idx').on(t.robotId, t.status),
    // One going run per robot, whichever instance dispatches: a second start of a busy robot fails here.
    uniqueIndex('runs_robot_active_unique')
      .on(t.robotId)
      .where(sql`${t.status} in ('dispatched', 'running', 'paused')`),
  ],
);

/** A step a robot reported of a run, stored once per report id (`messageId`). */
export const runSteps = pgTable(
  'run_steps',
  {
    id: id(),
    runId: integer()
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    step: varchar({ length: 16 }).$type<RunStepName>().notNull(),
    job: integer(),
    node: integer(),
    round: integer(),
    reason: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** When the robot says it happened. */
    at: at().notNull(),
    messageId: varchar({ length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('run_steps_message_unique').on(t.runId, t.messageId),
    index('run_steps_run_idx').on(t.runId, t.at),
  ],
);
