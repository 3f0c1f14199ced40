import { and, count, desc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import type { ExposeSortColumn, SortRequest } from '@patrol/contracts';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { exposeAccounts, exposeTokens } from './expose.tables.js';

export type ExposeAccountRow = typeof exposeAccounts.$inferSelect;

const EXPOSE_SORT = {
  name: exposeAccounts.name,
  account: exposeAccounts.account,
  updateTime: exposeAccounts.updatedAt,
};

/** A tenant's expose accounts, newest first unless sorted by a column. */
export async function pageExposeAccounts(
  db: DbOrTx,
  tenantId: number,
  keyword: string | undefined,
  sort: SortRequest<ExposeSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    exposeAccounts,
    tenantId,
    keyword
      ? or(ilike(exposeAccounts.name, likePattern(keyword)), ilike(exposeAccounts.account, likePattern(keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exposeAccounts)
      .where(where)
      .orderBy(...orderOf(sort, EXPOSE_SORT, exposeAccounts.id, [desc(exposeAccounts.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(exposeAccounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findExposeAccount(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(exposeAccounts)
    .where(inTenant(exposeAccounts, tenantId, eq(exposeAccounts.id, id)))
    .limit(1);
  return row;
}

export async function findExposeAccountByName(db: DbOrTx, tenantId: number, account: string) {
  const [row] = await db
    .select()
    .from(exposeAccounts)
    .where(inTenant(exposeAccounts, tenantId, eq(exposeAccounts.account, account)))
    .limit(1);
  return row;
}

export async function insertExposeAccount(
  db: DbOrTx,
  tenantId: number,
  row: { name: string; account: string; passwordHash: string },
): Promise<ExposeAccountRow> {
  const [inserted] = await db
    .insert(exposeAccounts)
    .values({ ...row, tenantId })
    .returning();
  return inserted!;
}

export async function updateExposeAccount(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: { name?: string; passwordHash?: string; status?: number },
) {
  await db
    .update(exposeAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(exposeAccounts, tenantId, eq(exposeAccounts.id, id)));
}

export async function deleteExposeAccount(db: DbOrTx, tenantId: number, id: number) {
  await db.delete(exposeAccounts).where(inTenant(exposeAccounts, tenantId, eq(exposeAccounts.id, id)));
}

export async function insertExposeToken(
  db: DbOrTx,
  tenantId: number,
  row: { tokenHash: string; exposeAccountId: number; userId: number; expiresAt: Date },
) {
  await db.insert(exposeTokens).values({ ...row, tenantId });
}

/**
 * Uses a token of the tenant once: marks it used and returns it, or undefined when it is unknown,
 * of another tenant, expired or used already. One statement, so two tabs cannot both use it.
 */
export async function useExposeToken(db: DbOrTx, tenantId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .update(exposeTokens)
    .set({ usedAt: now })
    .where(
      inTenant(
        exposeTokens,
        tenantId,
        and(eq(exposeTokens.tokenHash, tokenHash), isNull(exposeTokens.usedAt), gt(exposeTokens.expiresAt, now)),
      ),
    )
    .returning();
  return row;
}
