import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { configs } from './configs.tables.js';

export type ConfigRow = typeof configs.$inferSelect;

/** Configs are global (shared by every tenant). */
export async function findConfigs(db: DbOrTx, keys: string[]): Promise<ConfigRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(configs).where(inArray(configs.key, keys)).orderBy(asc(configs.key));
}

/** Inserts the entries whose key does not exist yet; existing values are left as they are. */
export async function insertMissingConfigs(
  db: DbOrTx,
  entries: { key: string; value: string; description?: string }[],
): Promise<void> {
  const present = new Set(
    (
      await findConfigs(
        db,
        entries.map((e) => e.key),
      )
    ).map((r) => r.key),
  );
  const missing = entries.filter((e) => !present.has(e.key));
  if (missing.length === 0) return;
  await db.insert(configs).values(missing).onConflictDoNothing({ target: configs.key });
}
