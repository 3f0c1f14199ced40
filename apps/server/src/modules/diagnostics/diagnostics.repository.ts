import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { robots } from '../robots/robots.tables.js';
import { diagnosticsCode } from './diagnostics.tables.js';

/** The one row of the code; there is one code for the whole console. */
const CODE_ROW = 1;

export type DiagnosticsCodeRow = typeof diagnosticsCode.$inferSelect;

export async function findCode(db: DbOrTx): Promise<DiagnosticsCodeRow | undefined> {
  const [row] = await db.select().from(diagnosticsCode).where(eq(diagnosticsCode.id, CODE_ROW)).limit(1);
  return row;
}

export async function saveCode(
  db: DbOrTx,
  values: Omit<typeof diagnosticsCode.$inferInsert, 'id'>,
): Promise<DiagnosticsCodeRow> {
  const [row] = await db
    .insert(diagnosticsCode)
    .values({ ...values, id: CODE_ROW })
    .onConflictDoUpdate({ target: diagnosticsCode.id, set: values })
    .returning();
  return row!;
}

export async function deleteCode(db: DbOrTx): Promise<void> {
  await db.delete(diagnosticsCode).where(eq(diagnosticsCode.id, CODE_ROW));
}

/** Robots of every tenant that the console holds online (what an external broker reports). */
export async function countOnlineRobots(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(robots).where(eq(robots.online, true));
  return row?.n ?? 0;
}

/** The migrations applied, as drizzle records them: how many, and when the newest was generated. */
export async function appliedMigrations(db: DbOrTx): Promise<{ count: number; lastWhen: number | null }> {
  try {
    const result = await db.execute<{ n: number | string; last: number | string | null }>(
      sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number | string;
      last: number | string | null;
    }[];
    const row = rows[0];
    return { count: Number(row?.n ?? 0), lastWhen: row?.last == null ? null : Number(row.last) };
  } catch {
    return { count: 0, lastWhen: null };
  }
}
