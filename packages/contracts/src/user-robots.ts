import { z } from 'zod';
import { ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE } from './access.js';
import { rowId } from './fields.js';

/**
 * Which users may see and control which robots (`/robot/userRobot`). Holders of the tenant's
 * administrator roles (`admin`, `tenantAdmin`) and platform administrators see the whole fleet;
 * everyone else sees only the robots assigned here.
 */
export const FLEET_WIDE_ROLE_CODES: readonly string[] = [ADMIN_ROLE_CODE, TENANT_ADMIN_ROLE_CODE];

/** The most robots one request assigns. */
export const MAX_ASSIGNED_ROBOTS = 5000;

/** GET robot-server/user-robot/users: the tenant's users with what they see. */
export const userRobotsUser = z.object({
  userId: z.number().int(),
  account: z.string(),
  username: z.string(),
  /** Sees every robot of the tenant through a role; assignments do not narrow it. */
  fleetWide: z.boolean(),
  robotCount: z.number().int(),
});
export type UserRobotsUser = z.infer<typeof userRobotsUser>;
export const userRobotsUsers = z.array(userRobotsUser);

/** GET robot-server/user-robot/list?userId= */
export const userRobotsQuery = z.object({ userId: rowId });
export const userRobotIds = z.object({ userId: z.number().int(), robotIds: z.array(z.number().int()) });
export type UserRobotIds = z.infer<typeof userRobotIds>;

/** POST robot-server/user-robot/assign: the user's robots become exactly these. */
export const assignRobotsRequest = z.object({
  userId: rowId,
  robotIds: z.array(rowId).max(MAX_ASSIGNED_ROBOTS, 'validation.invalid'),
});
export type AssignRobotsRequest = z.input<typeof assignRobotsRequest>;
