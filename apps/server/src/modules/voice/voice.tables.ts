import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * An MP3 file of a tenant, kept by the file storage under `storageKey`: one row per content
 * (SHA-256) per tenant, so an upload of the same content answers the file there is.
 */
export const audioFiles = pgTable(
  'audio_files',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    name: varchar({ length: 100 }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    size: integer().notNull(),
    durationMs: integer().notNull(),
    /** Average bitrate, kbit/s. */
    bitrate: integer().notNull(),
    sampleRate: integer().notNull(),
    storageKey: varchar({ length: 200 }).notNull(),
    uploaderId: integer(),
    uploaderName: varchar({ length: 100 }),
    uploadedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('audio_files_tenant_content_unique').on(t.tenantId, t.sha256),
    index('audio_files_tenant_idx').on(t.tenantId, t.uploadedAt),
  ],
);

/**
 * A live announcement: who spoke to which robot, from when to when. At most one open session per
 * robot (the unique index on open rows is the lock: "in use by <name>"). `heartbeatAt` is refreshed
 * by the instance whose console socket carries the session; a stale one is over.
 */
export const voiceSessions = pgTable(
  'voice_sessions',
  {
    id: uuid().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    userId: integer().notNull(),
    operatorName: varchar({ length: 100 }).notNull(),
    startedAt: at().notNull().defaultNow(),
    connectedAt: at(),
    heartbeatAt: at().notNull().defaultNow(),
    endedAt: at(),
    endReason: varchar({ length: 16 }),
  },
  (t) => [
    uniqueIndex('voice_sessions_open_robot_unique')
      .on(t.robotId)
      .where(sql`ended_at is null`),
    index('voice_sessions_tenant_idx').on(t.tenantId, t.startedAt),
  ],
);
