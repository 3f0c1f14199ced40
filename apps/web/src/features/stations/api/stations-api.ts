import {
  stationsApi,
  type CreateStationRequest,
  type StationSortColumn,
  type UpdateStationRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type StationFilters = { keyword?: string };
export const stationsKey = ['stations'] as const;

/** GET a page of the tenant's stations, with their robot and fence counts. */
export const fetchStationPage = (params: ListParams<StationFilters, StationSortColumn>, signal?: AbortSignal) =>
  call(stationsApi.pageStations, { query: params }, { signal });
export const createStation = (body: CreateStationRequest) => call(stationsApi.createStation, { body });
export const updateStation = (body: UpdateStationRequest) => call(stationsApi.updateStation, { body });
/** Refused (409) while robots, fences or jobs belong to the station; the message names them. */
export const deleteStation = (stationId: number) =>
  call(stationsApi.deleteStation, { body: { stationId } }, { silent: true });

/** Every station of the tenant, drawn under the one being edited. */
export function useStationList() {
  return useQuery({
    queryKey: [...stationsKey, 'all'],
    queryFn: ({ signal }) => call(stationsApi.listStations, {}, { signal }),
  });
}

export function refreshStations(): Promise<void> {
  // Robots show their station's name, fences their station's.
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: stationsKey }),
    queryClient.invalidateQueries({ queryKey: ['robots'] }),
  ]).then(() => undefined);
}
