import type { UserRobotIds, UserRobotsUser } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';

export const userRobotsKey = ['user-robots'] as const;

export const fetchUserRobotUsers = (signal?: AbortSignal) =>
  get<UserRobotsUser[]>('robot-server/user-robot/users', { signal });
export const fetchUserRobots = (userId: number, signal?: AbortSignal) =>
  get<UserRobotIds>('robot-server/user-robot/list', { query: { userId }, signal });
export const assignUserRobots = (userId: number, robotIds: number[]) =>
  postJson<UserRobotIds>('robot-server/user-robot/assign', { userId, robotIds });

export function refreshUserRobots(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userRobotsKey });
}
