import {
  robotsApi,
  stationsApi,
  type CreateRobotRequest,
  type RobotSortColumn,
  type SortRequest,
  type UpdateRobotRequest,
} from '@patrol/contracts';
import { call, download, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type RobotFilters = { keyword?: string; online?: '0' | '1' };
export const robotsKey = ['robots', 'list'] as const;

/** GET the tenant's robots the caller may see. */
export const fetchRobots = (params: ListParams<RobotFilters, RobotSortColumn>, signal?: AbortSignal) =>
  call(robotsApi.pageRobots, { query: params }, { signal });
/** Downloads the filtered robots, in the list's order, as `<fileName>.xlsx`. */
export const exportRobots = (filters: RobotFilters & SortRequest<RobotSortColumn>, fileName: string) =>
  download(robotsApi.exportRobots, { query: filters }, fileName);
export const createRobot = (body: CreateRobotRequest) => call(robotsApi.createRobot, { body });
export const updateRobot = (body: UpdateRobotRequest) => call(robotsApi.updateRobot, { body });
export const rotateRobotKey = (robotId: number) => call(robotsApi.rotateRobotKey, { body: { robotId } });
export const deleteRobot = (robotId: number) => call(robotsApi.deleteRobot, { body: { robotId } });

export function refreshRobots(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['robots'] });
}

/** Robots join a station (and get its fences), or leave theirs (null). */
export const assignRobotStation = (robotIds: number[], stationId: number | null) =>
  call(stationsApi.assignRobotStation, { body: { robotIds, stationId } });
/** Every station of the tenant, for the assign dialog. */
export const fetchStations = (signal?: AbortSignal) => call(stationsApi.listStations, {}, { signal });
