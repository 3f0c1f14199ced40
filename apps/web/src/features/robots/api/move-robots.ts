import { robotsApi, tenantsApi, type MoveRobotsRequest, type RobotSortColumn } from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type MoveFilters = { keyword?: string };
export const moveRobotsKey = ['robots', 'move'] as const;

/** GET the robots of any tenant (platform administrators). */
export function fetchRobotsToMove(
  tenantId: number,
  params: ListParams<MoveFilters, RobotSortColumn>,
  signal?: AbortSignal,
) {
  return call(robotsApi.pageRobotsToMove, { query: { ...params, tenantId } }, { signal });
}

export function fetchTenantOptions(signal?: AbortSignal) {
  return call(tenantsApi.listTenantOptions, {}, { signal });
}

export const moveRobots = (body: MoveRobotsRequest) => call(robotsApi.moveRobots, { body });

export function refreshRobotsToMove(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['robots'] });
}
