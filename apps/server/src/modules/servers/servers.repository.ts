import { desc, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { serverInstances } from './servers.tables.js';

export type ServerInstanceRow = typeof serverInstances.$inferSelect;

// Server instances belong to the platform, not to a tenant.

/** Writes an instance's report (a new row at its first beat). */
export async function upsertInstance(db: DbOrTx, row: typeof serverInstances.$inferInsert): Promise<void> {
  await db
    .insert(serverInstances)
    .values(row)
    .onConflictDoUpdate({
      target: serverInstances.id,
      set: { parts: row.parts, lastSeenAt: row.lastSeenAt, address: row.address, version: row.version },
    });
}

export async function listInstances(db: DbOrTx): Promise<ServerInstanceRow[]> {
  return db.select().from(serverInstances).orderBy(desc(serverInstances.startedAt));
}

/** Forgets instances silent since `before` (long stopped). */
export async function pruneInstances(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(serverInstances).where(lt(serverInstances.lastSeenAt, before));
}
