import type { AUDIO_FILE_SORT_COLUMNS, SortRequest } from '@patrol/contracts';
import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { audioFiles } from './voice.tables.js';

export type AudioFileDbRow = typeof audioFiles.$inferSelect;
type AudioFileSortColumn = (typeof AUDIO_FILE_SORT_COLUMNS)[number];

export async function findAudioFile(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(audioFiles)
    .where(inTenant(audioFiles, tenantId, eq(audioFiles.id, id)))
    .limit(1);
  return row;
}

export async function findAudioFileByContent(db: DbOrTx, tenantId: number, sha256: string) {
  const [row] = await db
    .select()
    .from(audioFiles)
    .where(inTenant(audioFiles, tenantId, eq(audioFiles.sha256, sha256)))
    .limit(1);
  return row;
}

/** These files of the tenant (others' ids, or unknown ones, are left out), in no order. */
export async function findAudioFilesByIds(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(audioFiles)
    .where(inTenant(audioFiles, tenantId, inArray(audioFiles.id, ids)));
}

/** Inserts a file unless the tenant has its content already; undefined then. */
export async function insertAudioFile(db: DbOrTx, row: typeof audioFiles.$inferInsert) {
  const [inserted] = await db.insert(audioFiles).values(row).onConflictDoNothing().returning();
  return inserted;
}

const AUDIO_SORT = {
  uploadTime: audioFiles.uploadedAt,
  name: audioFiles.name,
  durationMs: audioFiles.durationMs,
  size: audioFiles.size,
};

/** A tenant's files, the last uploaded first unless sorted by a column. */
export async function pageAudioFiles(
  db: DbOrTx,
  tenantId: number,
  filter: { keyword?: string | undefined } & SortRequest<AudioFileSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    audioFiles,
    tenantId,
    filter.keyword ? ilike(audioFiles.name, likePattern(filter.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(audioFiles)
      .where(where)
      .orderBy(...orderOf(filter, AUDIO_SORT, audioFiles.id, [desc(audioFiles.uploadedAt), desc(audioFiles.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(audioFiles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function renameAudioFile(db: DbOrTx, tenantId: number, id: number, name: string) {
  const [row] = await db
    .update(audioFiles)
    .set({ name })
    .where(inTenant(audioFiles, tenantId, eq(audioFiles.id, id)))
    .returning();
  return row;
}

export async function deleteAudioFile(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .delete(audioFiles)
    .where(inTenant(audioFiles, tenantId, eq(audioFiles.id, id)))
    .returning();
  return row;
}
