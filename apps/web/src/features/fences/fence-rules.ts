import { polygonsOverlap, type FenceRow, type LngLat } from '@patrol/contracts';

/**
 * The same-priority rule of the server, checked in the form before sending: a fence must not
 * overlap another fence of its station with the same priority. Answers the first such fence.
 */
export function sameLayerOverlap(
  candidate: { fenceId?: number; stationId: number; priority: number; points: readonly LngLat[] },
  fences: readonly FenceRow[],
): FenceRow | null {
  for (const other of fences) {
    if (other.fenceId === candidate.fenceId) continue;
    if (other.stationId !== candidate.stationId || other.priority !== candidate.priority) continue;
    if (polygonsOverlap(candidate.points, other.points)) return other;
  }
  return null;
}
