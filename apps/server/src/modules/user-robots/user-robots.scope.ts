import { FLEET_WIDE_ROLE_CODES } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import type { RoleSummary } from '@patrol/contracts';
import { assignedRobotIds } from './user-robots.repository.js';

/** Who asks, as far as robot visibility goes. */
export type ScopeSubject = { tenantId: number; userId: number; platformAdmin: boolean; roles: RoleSummary[] };

/** The robots a user sees: null for the whole fleet of the tenant, else the ids assigned to them. */
export type RobotScope = ReadonlySet<number> | null;

export function isFleetWide(subject: Pick<ScopeSubject, 'platformAdmin' | 'roles'>): boolean {
  return subject.platformAdmin || subject.roles.some((r) => FLEET_WIDE_ROLE_CODES.includes(r.roleCode));
}

/**
 * The one place robot visibility is decided: platform administrators and holders of the tenant's
 * administrator roles see every robot of the tenant they act in; everyone else the robots assigned
 * to them on the user-robot page.
 */
export async function robotScope(db: DbOrTx, subject: ScopeSubject): Promise<RobotScope> {
  if (isFleetWide(subject)) return null;
  return new Set(await assignedRobotIds(db, subject.tenantId, subject.userId));
}

export const inScope = (scope: RobotScope, robotId: number) => scope === null || scope.has(robotId);

/** A list filter: undefined for all, else the visible ids (possibly none). */
export const scopeFilter = (scope: RobotScope): number[] | undefined => (scope === null ? undefined : [...scope]);
