import type { VideoTile } from '@patrol/contracts';
import { integer, jsonb, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The key that signs play URLs, generated once by the first instance that needs it and read by
 * every other one (one row). MEDIA_SECRET, when set, is used instead (docs/video.md).
 */
export const mediaSecrets = pgTable('media_secrets', {
  id: smallint().primaryKey(),
  /** 32 random bytes, base64url. */
  secret: varchar({ length: 64 }).notNull(),
  ...timestamps(),
});

/** A user's video monitoring layout in a tenant: the grid and what each tile shows. */
export const videoLayouts = pgTable(
  'video_layouts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer().notNull(),
    grid: smallint().notNull(),
    tiles: jsonb().$type<(VideoTile | null)[]>().notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] })],
);
