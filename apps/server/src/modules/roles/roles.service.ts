import { PLATFORM_TENANT_ID, TENANT_ADMIN_ROLE_CODE } from '@patrol/contracts';
import type { RoleSummary } from './roles.repository.js';

/** The role code of administrators; held in the platform tenant it makes a platform administrator. */
export const ADMIN_ROLE_CODE = 'admin';

/** Platform administrators are users of the platform tenant (1) holding the role `admin`. */
export function isPlatformAdmin(homeTenantId: number, roles: RoleSummary[]): boolean {
  return homeTenantId === PLATFORM_TENANT_ID && roles.some((r) => r.roleCode === ADMIN_ROLE_CODE);
}

/** Codes of the roles the console makes itself (at first start, or with each new tenant). */
export const SEEDED_ROLE_CODES: string[] = [ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE];
