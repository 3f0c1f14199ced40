import type { TaskType } from '@patrol/contracts';
import { index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { id, STATUS, timestamps } from '../../db/columns.js';
import { jobs } from '../jobs/jobs.tables.js';
import { stations } from '../stations/stations.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/** A task: jobs of one station that a robot runs in order. A disabled task (status 0) is never dispatched. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    /** The station of its jobs. */
    stationId: integer()
      .notNull()
      .references(() => stations.id),
    name: varchar({ length: 50 }).notNull(),
    type: varchar({ length: 16 }).$type<TaskType>().notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    status: smallint().notNull().default(STATUS.enabled),
    ...timestamps(),
  },
  (t) => [index('tasks_tenant_idx').on(t.tenantId)],
);

/** The jobs of a task, by position (0 first); a job may appear more than once. */
export const taskJobs = pgTable(
  'task_jobs',
  {
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.position] }), index('task_jobs_job_idx').on(t.jobId)],
);
