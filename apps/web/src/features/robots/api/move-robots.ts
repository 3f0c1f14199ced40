import type { MoveRobotsRequest, Page, RobotRow, TenantOption } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type MoveFilters = { keyword?: string };
export const moveRobotsKey = ['robots', 'move'] as const;

/** GET the robots of any tenant (platform administrators). */
export function fetchRobotsToMove(tenantId: number, params: ListParams<MoveFilters>, signal?: AbortSignal) {
  return get<Page<RobotRow>>('robot-server/robot/move/page', { query: { ...params, tenantId }, signal });
}

export function fetchTenantOptions(signal?: AbortSignal) {
  return get<TenantOption[]>('system-server/tenant/options', { signal });
}

export const moveRobots = (body: MoveRobotsRequest) => postJson<{ moved: number }>('robot-server/robot/move', body);

export function refreshRobotsToMove(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['robots'] });
}
