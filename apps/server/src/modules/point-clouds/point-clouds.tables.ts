import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A point cloud a robot uploaded (docs/robot-protocol.md, "Point clouds"): the file in the file
 * storage, its format and size, the number of points and their bounds, kept by the tenant the robot
 * belonged to, with the robot's name and serial as they were.
 */
export const pointClouds = pgTable(
  'point_clouds',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    robotId: integer().notNull(),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    /** The upload's own id: one cloud per robot and id. */
    messageId: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    /** 'pcd' or 'ply'. */
    format: varchar({ length: 8 }).notNull(),
    /** The file's key in the file storage. */
    fileKey: varchar({ length: 200 }).notNull(),
    sizeBytes: integer().notNull(),
    points: integer().notNull(),
    /** Which of intensity and colour the file carries, besides x, y, z: a comma list, may be empty. */
    fields: varchar({ length: 100 }).notNull().default(''),
    /** When the robot took the scan. */
    capturedAt: at().notNull(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('point_clouds_tenant_idx').on(t.tenantId, t.capturedAt),
    uniqueIndex('point_clouds_robot_message_unique').on(t.robotId, t.messageId),
  ],
);
