import {
  ADMIN_ROLE_CODE,
  PLATFORM_TENANT_ID,
  TENANT_ADMIN_ROLE_CODE,
  type Language,
  type Resource,
  type ResourceAccess,
} from '@patrol/contracts';
import { operationText, type ApiRoute } from '../../platform/operations.js';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { STARTUP_LOCK_KEY } from '../../platform/db.js';
import type { DbOrTx } from '../../platform/db.js';
import { findRoleByCode, grantResources, rolesWithCodeInEveryTenant } from '../roles/roles.shared.js';
import { listResources, upsertResources } from './resources.repository.js';

/**
 * Writes the collected routes to the resources table. Routes seen for the first time are granted
 * to the platform tenant's `admin` role, and the grantable ones to every tenant's `tenantAdmin`
 * role, so administrators can use new features at once; grants changed by hand are never touched
 * again.
 */
export async function syncResources(ctx: AppContext, routes: readonly ApiRoute[]): Promise<void> {
  const granted = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    const created = await upsertResources(tx, routes);
    const admin = await findRoleByCode(tx, PLATFORM_TENANT_ID, ADMIN_ROLE_CODE);
    if (created.length === 0) return false;
    if (admin) await grantResources(tx, PLATFORM_TENANT_ID, admin.id, created);
    const fresh = new Set(created);
    const grantable = (await listResources(tx)).filter((r) => fresh.has(r.id) && r.access === 'grant').map((r) => r.id);
    for (const role of await rolesWithCodeInEveryTenant(tx, TENANT_ADMIN_ROLE_CODE)) {
      await grantResources(tx, role.tenantId, role.id, grantable);
    }
    return true;
  });
  // Instances already running cache grants: they learn of the new ones at once.
  if (granted) await ctx.bus.publish('access.changed', {});
}

/** Every resource (route and method), for the modules that grant them. */
export function listAllResources(db: DbOrTx) {
  return listResources(db);
}

export function createResourcesService(ctx: AppContext) {
  /** Every resource, described in `lang`. */
  async function list(lang: Language): Promise<Resource[]> {
    const rows = await listResources(ctx.db);
    return rows.map((r) => ({
      resourceId: r.id,
      route: r.route,
      method: r.method,
      description: operationText(ctx.operations, lang, r.method, r.route, r.description),
      access: r.access as ResourceAccess,
    }));
  }
  return { list };
}
