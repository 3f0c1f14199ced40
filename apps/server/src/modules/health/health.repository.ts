import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { healthChecks } from './health.tables.js';

// The health check row belongs to the platform, not to a tenant; every instance writes the same one.

/** Writes the one health check row: succeeds only when the database takes writes. */
export async function touchHealthCheck(db: DbOrTx): Promise<void> {
  await db
    .insert(healthChecks)
    .values({ id: 1, checkedAt: sql`now()` })
    .onConflictDoUpdate({ target: healthChecks.id, set: { checkedAt: sql`now()` } });
}
