import type { TrackRange } from './api/tracks-api';

/** The history playback page's address for a robot and range (the run records link to it the same way). */
export function playbackLink(range: TrackRange & { runId?: number }): string {
  const query = new URLSearchParams({ robotId: String(range.robotId), from: String(range.from), to: String(range.to) });
  if (range.runId !== undefined) query.set('runId', String(range.runId));
  return `/data/history?${query.toString()}`;
}

/**
 * A robot and range read from a playback address: `robotId`, `from` and `to` (epoch ms or ISO 8601);
 * null when one is missing or unreadable.
 */
export function readPlaybackLink(params: URLSearchParams): (TrackRange & { runId?: number }) | null {
  const time = (text: string | null) => {
    if (!text) return NaN;
    return /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  };
  const robotId = Number(params.get('robotId'));
  const from = time(params.get('from'));
  const to = time(params.get('to'));
  if (!Number.isInteger(robotId) || robotId <= 0 || !Number.isFinite(from) || !Number.isFinite(to) || to <= from)
    return null;
  const runId = Number(params.get('runId'));
  return { robotId, from, to, ...(Number.isInteger(runId) && runId > 0 ? { runId } : {}) };
}
