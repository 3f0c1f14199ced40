import { asc, eq, inArray } from 'drizzle-orm';
import type { ResourceAccess } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { resources } from './resources.tables.js';

export type ResourceRow = typeof resources.$inferSelect;
export type RouteResource = { route: string; method: string; description: string; access: ResourceAccess };

/** Resources are global: one row per API route and method. */
export async function listResources(db: DbOrTx): Promise<ResourceRow[]> {
  return db.select().from(resources).orderBy(asc(resources.route), asc(resources.method));
}

export async function findResourceIds(db: DbOrTx, keys: { method: string; route: string }[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const routes = [...new Set(keys.map((k) => k.route))];
  const rows = await db
    .select({ id: resources.id, method: resources.method, route: resources.route })
    .from(resources)
    .where(inArray(resources.route, routes));
  const wanted = new Set(keys.map((k) => `${k.method} ${k.route}`));
  return rows.filter((r) => wanted.has(`${r.method} ${r.route}`)).map((r) => r.id);
}

/**
 * Inserts the routes not yet known and updates the description or access of those that changed;
 * unchanged rows are not written. Returns the ids of the new rows.
 */
export async function upsertResources(db: DbOrTx, list: readonly RouteResource[]): Promise<number[]> {
  const existing = await listResources(db);
  const byKey = new Map(existing.map((r) => [`${r.method} ${r.route}`, r]));
  const created: number[] = [];
  for (const item of list) {
    const row = byKey.get(`${item.method} ${item.route}`);
    if (!row) {
      const [inserted] = await db
        .insert(resources)
        .values(item)
        .onConflictDoNothing({ target: [resources.route, resources.method] })
        .returning({ id: resources.id });
      if (inserted) created.push(inserted.id);
    } else if (row.description !== item.description || row.access !== item.access) {
      await db
        .update(resources)
        .set({ description: item.description, access: item.access, updatedAt: new Date() })
        .where(eq(resources.id, row.id));
    }
  }
  return created;
}
