import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { STATUS } from '../../db/columns.js';
import type { RoleSummary } from '@patrol/contracts';
import { roles, userRoles } from '../roles/roles.tables.js';
import { users } from '../users/users.tables.js';
import { userRobots } from './user-robots.tables.js';

export async function assignedRobotIds(db: DbOrTx, tenantId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ robotId: userRobots.robotId })
    .from(userRobots)
    .where(inTenant(userRobots, tenantId, eq(userRobots.userId, userId)));
  return rows.map((r) => r.robotId);
}

/** How many robots each user of the tenant has assigned. */
export async function assignmentCounts(db: DbOrTx, tenantId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: userRobots.userId, n: count() })
    .from(userRobots)
    .where(inTenant(userRobots, tenantId))
    .groupBy(userRobots.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The user's robots become exactly `robotIds` (all of the tenant, checked by the caller). */
export async function replaceAssignments(db: DbOrTx, tenantId: number, userId: number, robotIds: number[]) {
  await db.delete(userRobots).where(inTenant(userRobots, tenantId, eq(userRobots.userId, userId)));
  if (robotIds.length) {
    await db.insert(userRobots).values(robotIds.map((robotId) => ({ tenantId, userId, robotId })));
  }
}

/** Robots leaving the tenant take their assignments with them. */
export async function removeAssignmentsOfRobots(db: DbOrTx, tenantId: number, robotIds: number[]) {
  if (robotIds.length === 0) return;
  await db.delete(userRobots).where(and(eq(userRobots.tenantId, tenantId), inArray(userRobots.robotId, robotIds)));
}

/** The tenant's users with the codes of their enabled roles. */
export async function tenantUsersWithRoles(db: DbOrTx, tenantId: number) {
  const rows = await db
    .select({
      userId: users.id,
      account: users.account,
      username: users.username,
      roleId: roles.id,
      roleName: roles.name,
      roleCode: roles.code,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, STATUS.enabled)))
    .where(inTenant(users, tenantId))
    .orderBy(users.account);
  const byUser = new Map<number, { userId: number; account: string; username: string; roles: RoleSummary[] }>();
  for (const row of rows) {
    let user = byUser.get(row.userId);
    if (!user)
      byUser.set(row.userId, (user = { userId: row.userId, account: row.account, username: row.username, roles: [] }));
    if (row.roleId !== null) user.roles.push({ roleId: row.roleId, roleName: row.roleName!, roleCode: row.roleCode! });
  }
  return [...byUser.values()];
}
