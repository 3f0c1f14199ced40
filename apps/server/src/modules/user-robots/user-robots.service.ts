import type { UserRobotIds, UserRobotsUser } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { findTenantRobots } from '../robots/robots.shared.js';
import { findUser } from '../users/users.shared.js';
import {
  assignedRobotIds,
  assignmentCounts,
  replaceAssignments,
  tenantUsersWithRoles,
} from './user-robots.repository.js';
import { isFleetWide, robotScope } from './user-robots.scope.js';

/** The user-robot page: which robots each user of the tenant may see and control. */
export function createUserRobotsService(ctx: AppContext) {
  const { db, bus } = ctx;

  async function userOf(caller: AuthContext, userId: number) {
    const user = await findUser(db, caller.tenantId, userId);
    if (!user) throw notFound();
    return user;
  }

  async function listUsers(caller: AuthContext): Promise<UserRobotsUser[]> {
    const [list, counts] = await Promise.all([
      tenantUsersWithRoles(db, caller.tenantId),
      assignmentCounts(db, caller.tenantId),
    ]);
    return list.map((u) => ({
      userId: u.userId,
      account: u.account,
      username: u.username,
      fleetWide: isFleetWide({ platformAdmin: false, roles: u.roles }),
      robotCount: counts.get(u.userId) ?? 0,
    }));
  }

  async function robotsOf(caller: AuthContext, userId: number): Promise<UserRobotIds> {
    await userOf(caller, userId);
    return { userId, robotIds: await assignedRobotIds(db, caller.tenantId, userId) };
  }

  async function assign(caller: AuthContext, input: { userId: number; robotIds: number[] }): Promise<UserRobotIds> {
    await userOf(caller, input.userId);
    const wanted = [...new Set(input.robotIds)];
    const known = await findTenantRobots(db, caller.tenantId, wanted);
    if (known.length !== wanted.length) {
      throw new AppError(422, 'robots.notFound', undefined, [{ path: 'robotIds', key: 'robots.notFound' }]);
    }
    // Nobody gives (or takes) a robot it does not see itself; fleet-wide callers see them all.
    const mine = await robotScope(db, caller);
    if (mine !== null) {
      const before = new Set(await assignedRobotIds(db, caller.tenantId, input.userId));
      const after = new Set(wanted);
      const changed = [...wanted.filter((id) => !before.has(id)), ...[...before].filter((id) => !after.has(id))];
      if (changed.some((id) => !mine.has(id))) throw forbidden('robots.assignBeyondOwn');
    }
    await db.transaction((tx) => replaceAssignments(tx, caller.tenantId, input.userId, wanted));
    await bus.publish('robots.visibility', { userIds: [input.userId] });
    return { userId: input.userId, robotIds: wanted.sort((a, b) => a - b) };
  }

  return { listUsers, robotsOf, assign };
}

export type UserRobotsService = ReturnType<typeof createUserRobotsService>;
