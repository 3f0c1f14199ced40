import { asc, count, desc, eq, ilike, or, type SQL, and } from 'drizzle-orm';
import type { SortRequest, TenantSortColumn } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { users } from '../users/users.tables.js';
import { tenants } from './tenants.tables.js';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;

// Tenants are their own scope: these queries are for the platform administrators' tenant screen
// (platform access) and for resolving a session's tenant.

/** The tenant row of a tenant id. */
export async function findTenant(db: DbOrTx, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

export async function findTenantByCode(db: DbOrTx, code: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.code, code)).limit(1);
  return row;
}

export async function insertTenant(db: DbOrTx, tenant: NewTenant): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(tenant).returning();
  return row!;
}

export async function updateTenant(
  db: DbOrTx,
  tenantId: number,
  values: Pick<NewTenant, 'name' | 'adminPhone' | 'adminName' | 'adminEmail' | 'remark' | 'timeZone'> &
    Partial<Pick<NewTenant, 'videoStreamUrl' | 'videoHistoryUrl' | 'videoFileUrl' | 'dashboard3d'>>,
): Promise<void> {
  await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, tenantId));
}

export async function setTenantStatus(db: DbOrTx, tenantId: number, status: number): Promise<void> {
  await db.update(tenants).set({ status, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}

export type TenantFilter = { keyword?: string | undefined; status?: number | undefined };

/**
 * The users of each tenant, counted over a join: drizzle names columns without their table in a
 * one-table query, so a correlated subquery would compare the users' own columns.
 */
const userCountOf = count(users.id);

/**
 * Tenants with their user counts, newest first unless sorted by a column; the keyword matches
 * code, name or admin account.
 */
export async function pageTenants(
  db: DbOrTx,
  filter: TenantFilter & SortRequest<TenantSortColumn>,
  window: { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(ilike(tenants.code, pattern), ilike(tenants.name, pattern), ilike(tenants.adminAccount, pattern))!,
    );
  }
  if (filter.status !== undefined) conditions.push(eq(tenants.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderOf(
    filter,
    { tenantCode: tenants.code, tenantName: tenants.name, userCount: userCountOf, createTime: tenants.createdAt },
    tenants.id,
    [desc(tenants.id)],
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ tenant: tenants, userCount: userCountOf })
      .from(tenants)
      .leftJoin(users, eq(users.tenantId, tenants.id))
      .where(where)
      .groupBy(tenants.id)
      .orderBy(...order)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(tenants).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Enabled tenants by name, for choosing where to act. */
export async function enabledTenants(db: DbOrTx, enabled: number) {
  return db
    .select({ tenantId: tenants.id, tenantCode: tenants.code, tenantName: tenants.name })
    .from(tenants)
    .where(eq(tenants.status, enabled))
    .orderBy(asc(tenants.id));
}
