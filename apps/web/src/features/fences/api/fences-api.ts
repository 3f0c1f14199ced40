import {
  fencesApi,
  stationsApi,
  type CreateFenceRequest,
  type ImportFencesRequest,
  type LayerMove,
  type UpdateFenceRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient } from '@/shared/api';

/** Every fence query starts with this key; the live map's list of fences too. */
export const fencesKey = ['fences'] as const;

/** A station's fences, top layer first. */
export function useFenceList(stationId: number | undefined) {
  return useQuery({
    queryKey: [...fencesKey, 'list', stationId ?? null],
    queryFn: ({ signal }) => call(fencesApi.listFences, { query: { stationId } }, { signal }),
    enabled: stationId !== undefined,
  });
}

/** Every station of the tenant, for the station selector and the outlines. */
export function useStations() {
  return useQuery({
    queryKey: ['stations', 'all'],
    queryFn: ({ signal }) => call(stationsApi.listStations, {}, { signal }),
  });
}

// The page shows a failed save itself (with the original shape back), so these calls are silent.
export const createFence = (body: CreateFenceRequest) => call(fencesApi.createFence, { body }, { silent: true });
export const updateFence = (body: UpdateFenceRequest) => call(fencesApi.updateFence, { body }, { silent: true });
export const deleteFence = (fenceId: number) => call(fencesApi.deleteFence, { body: { fenceId } });
export const sortFence = (fenceId: number, move: LayerMove) => call(fencesApi.sortFence, { body: { fenceId, move } });
export const importFences = (body: ImportFencesRequest) => call(fencesApi.importFences, { body }, { silent: true });
export const exportFences = (stationId: number) => call(fencesApi.exportFences, { query: { stationId } });

/** Fences changed: the lists, the maps (live map included) and the stations' fence counts. */
export function refreshFences(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fencesKey }),
    queryClient.invalidateQueries({ queryKey: ['stations'] }),
  ]).then(() => undefined);
}
