import { asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { ConfigSortColumn, SortRequest } from '@patrol/contracts';
import { likePattern, orderOf } from '../../platform/paging.js';
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

const CONFIG_SORT = { configKey: configs.key, updateTime: configs.updatedAt };

/** Every entry, in the order they were made unless sorted by a column; the keyword matches key, value or description. */
export async function pageConfigs(
  db: DbOrTx,
  keyword: string | undefined,
  sort: SortRequest<ConfigSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = keyword
    ? or(
        ilike(configs.key, likePattern(keyword)),
        ilike(configs.value, likePattern(keyword)),
        ilike(configs.description, likePattern(keyword)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(configs)
      .where(where)
      .orderBy(...orderOf(sort, CONFIG_SORT, configs.id, [asc(configs.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(configs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Sets an entry's value; false when there is no entry with that key. */
export async function updateConfigValue(db: DbOrTx, key: string, value: string): Promise<boolean> {
  const rows = await db
    .update(configs)
    .set({ value, updatedAt: new Date() })
    .where(eq(configs.key, key))
    .returning({ id: configs.id });
  return rows.length > 0;
}
