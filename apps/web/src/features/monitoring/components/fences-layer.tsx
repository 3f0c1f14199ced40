import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fencesApi, stationsApi } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api';
import { AreasLayer, type MapArea } from '@/shared/map';

/**
 * Every station's outline and fences under the robots. The lists are refetched whenever a station
 * or a fence changes in this console (their pages invalidate the `stations` and `fences` queries).
 */
export function FencesLayer() {
  const { t } = useTranslation('monitoring');
  const stations = useQuery({
    queryKey: ['stations', 'all'],
    queryFn: ({ signal }) => call(stationsApi.listStations, {}, { signal }),
  });
  const fences = useQuery({
    queryKey: ['fences', 'list', null],
    queryFn: ({ signal }) => call(fencesApi.listFences, { query: {} }, { signal }),
  });
  const areas = useMemo<MapArea[]>(() => {
    const list: MapArea[] = (stations.data ?? []).map((s) => ({
      id: `station-${s.stationId}`,
      nodes: s.area,
      colour: 'station',
      label: s.name,
    }));
    // Top layer of each station last, so it is drawn over the others.
    for (const fence of [...(fences.data ?? [])].reverse()) {
      list.push({
        id: `fence-${fence.fenceId}`,
        nodes: fence.points,
        colour: fence.kind,
        label: t('fenceLabel', { name: fence.name, station: fence.stationName }),
      });
    }
    return list;
  }, [stations.data, fences.data, t]);
  return <AreasLayer areas={areas} />;
}
