import { PLATFORM_TENANT_ID } from './constants.js';

/**
 * Who a caller is, decided in one place for the API, the console socket and the console. The
 * role codes the console makes itself and the one rule that makes a platform administrator.
 */

/** The role code of administrators; held in the platform tenant it makes a platform administrator. */
export const ADMIN_ROLE_CODE = 'admin';

/** Account of the first administrator, created in the platform tenant at the first start. */
export const ADMIN_ACCOUNT = 'admin';

/** The role made in every new tenant for its administrators. */
export const TENANT_ADMIN_ROLE_CODE = 'tenantAdmin';

/** Codes of the roles the console makes itself (at first start, or with each new tenant). */
export const SEEDED_ROLE_CODES: readonly string[] = [ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE];

/** Platform administrators are users of the platform tenant holding the role `admin`. */
export function isPlatformAdmin(homeTenantId: number, roles: readonly { roleCode: string }[]): boolean {
  return homeTenantId === PLATFORM_TENANT_ID && roles.some((r) => r.roleCode === ADMIN_ROLE_CODE);
}

/** A role as the caller holds it. */
export type RoleSummary = { roleId: number; roleName: string; roleCode: string };
