import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The condition every query of a tenant-owned table starts with. Repositories take `tenantId` as a
 * required argument and build their WHERE clause here, so no query can forget its tenant.
 */
export function inTenant(table: { tenantId: PgColumn }, tenantId: number, ...conditions: (SQL | undefined)[]): SQL {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id: ${tenantId}`);
  return and(eq(table.tenantId, tenantId), ...conditions) as SQL;
}

/** Reads a `tenant-id` header value: a positive integer, or null when absent or malformed. */
export function parseTenantId(value: string | string[] | undefined): number | null | 'invalid' {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return 'invalid';
  const n = Number(raw);
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : 'invalid';
}
