import { useQuery } from '@tanstack/react-query';
import { tracksApi } from '@patrol/contracts';
import { call } from '@/shared/api';

/** A robot and a time range (epoch ms), as the track pages choose them. */
export type TrackRange = { robotId: number; from: number; to: number };

export const tracksKey = ['tracks'] as const;

/**
 * A robot's track for a map at `zoom`, simplified by the server. While a refetch for another zoom
 * runs, the track drawn stays (placeholder), so the line never blinks out.
 */
export function useTrack(range: TrackRange | null, zoom: number) {
  return useQuery({
    queryKey: [...tracksKey, 'query', range?.robotId, range?.from, range?.to, zoom],
    queryFn: ({ signal }) =>
      call(
        tracksApi.queryTrack,
        { query: { robotId: range!.robotId, from: String(range!.from), to: String(range!.to), zoom } },
        { signal },
      ),
    enabled: range !== null,
    placeholderData: (previous, query) =>
      // Kept only while it is the same robot and range at another zoom.
      previous &&
      query &&
      range &&
      previous.robotId === range.robotId &&
      previous.from === range.from &&
      previous.to === range.to
        ? previous
        : undefined,
    staleTime: 30_000,
  });
}

/** The robot's alarms and commands in the range, as marks of the playback's timeline. */
export function useTrackMarks(range: TrackRange | null) {
  return useQuery({
    queryKey: [...tracksKey, 'marks', range?.robotId, range?.from, range?.to],
    queryFn: ({ signal }) =>
      call(
        tracksApi.trackMarks,
        { query: { robotId: range!.robotId, from: String(range!.from), to: String(range!.to) } },
        { signal },
      ),
    enabled: range !== null,
    staleTime: 30_000,
  });
}
