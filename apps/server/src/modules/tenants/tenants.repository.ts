import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { tenants } from './tenants.tables.js';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;

/** The tenant row of a tenant id (tenants are their own scope). */
export async function findTenant(db: DbOrTx, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

export async function insertTenant(db: DbOrTx, tenant: NewTenant): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(tenant).returning();
  return row!;
}

export async function setTenantStatus(db: DbOrTx, tenantId: number, status: number): Promise<void> {
  await db.update(tenants).set({ status, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}
