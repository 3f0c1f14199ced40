import { integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/** What a server instance last reported about one part it depends on. */
export type PartHealth = { name: string; kind: string; status: 'up' | 'down'; detail?: string };

/** A running server instance; each one reports itself on a heartbeat, one that stops reporting is down. */
export const serverInstances = pgTable('server_instances', {
  /** Random per process start. */
  id: varchar({ length: 64 }).primaryKey(),
  hostname: varchar({ length: 200 }).notNull(),
  pid: integer().notNull(),
  version: varchar({ length: 32 }).notNull(),
  /** Where it listens, e.g. `http://10.0.0.5:8080`. */
  address: varchar({ length: 300 }),
  parts: jsonb().$type<PartHealth[]>().notNull().default([]),
  startedAt: at().notNull(),
  lastSeenAt: at().notNull(),
});
