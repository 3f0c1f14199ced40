import type { ActionType, JobType, PathNode, TriggerType } from '@patrol/contracts';
import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';
import { stations } from '../stations/stations.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/** A job of a station: a path (nodes in order, WGS84) and what the robot does on it. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    stationId: integer()
      .notNull()
      .references(() => stations.id),
    name: varchar({ length: 50 }).notNull(),
    type: varchar({ length: 16 }).$type<JobType>().notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    triggerName: varchar({ length: 50 }).notNull(),
    triggerType: varchar({ length: 16 }).$type<TriggerType>().notNull(),
    actionName: varchar({ length: 50 }).notNull(),
    actionType: varchar({ length: 16 }).$type<ActionType>().notNull(),
    rounds: integer().notNull(),
    speakerData: varchar({ length: 500 }).notNull(),
    nodes: jsonb().$type<PathNode[]>().notNull(),
    ...timestamps(),
  },
  (t) => [index('jobs_tenant_idx').on(t.tenantId), index('jobs_station_idx').on(t.stationId)],
);
