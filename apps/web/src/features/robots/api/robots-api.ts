import type { CreateRobotRequest, Page, RobotKeyResponse, RobotRow, UpdateRobotRequest } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type RobotFilters = { keyword?: string; online?: '0' | '1' };
export const robotsKey = ['robots', 'list'] as const;

/** GET the tenant's robots the caller may see. */
export const fetchRobots = (params: ListParams<RobotFilters>, signal?: AbortSignal) =>
  get<Page<RobotRow>>('robot-server/robot/page', { query: params, signal });
export const createRobot = (body: CreateRobotRequest) => postJson<RobotKeyResponse>('robot-server/robot/create', body);
export const updateRobot = (body: UpdateRobotRequest) => postJson<RobotRow>('robot-server/robot/update', body);
export const rotateRobotKey = (robotId: number) =>
  postJson<RobotKeyResponse>('robot-server/robot/rotateKey', { robotId });
export const deleteRobot = (robotId: number) => postJson<null>('robot-server/robot/delete', { robotId });

export function refreshRobots(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['robots'] });
}
