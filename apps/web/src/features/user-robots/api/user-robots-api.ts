import { userRobotsApi } from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';

export const userRobotsKey = ['user-robots'] as const;

export const fetchUserRobotUsers = (signal?: AbortSignal) => call(userRobotsApi.listUserRobotUsers, {}, { signal });
export const fetchUserRobots = (userId: number, signal?: AbortSignal) =>
  call(userRobotsApi.listUserRobots, { query: { userId } }, { signal });
export const assignUserRobots = (userId: number, robotIds: number[]) =>
  call(userRobotsApi.assignUserRobots, { body: { userId, robotIds } });

export function refreshUserRobots(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userRobotsKey });
}
