import type { RecordingSpan } from '@patrol/contracts';

/** Where `time` falls on a timeline from `from` to `to`, as a fraction 0..1 (clamped). */
export function fractionOf(time: number, from: number, to: number): number {
  if (to <= from) return 0;
  return Math.min(1, Math.max(0, (time - from) / (to - from)));
}

/** The time at a fraction 0..1 of the timeline (clamped), to the millisecond. */
export function timeAtFraction(fraction: number, from: number, to: number): number {
  const f = Math.min(1, Math.max(0, fraction));
  return Math.round(from + f * (to - from));
}

/** The recordings as bars of the timeline: left and width in percent, clipped to the range. */
export function spanBars(spans: RecordingSpan[], from: number, to: number): { left: number; width: number }[] {
  return spans
    .filter((span) => span.to > from && span.from < to)
    .map((span) => {
      const left = fractionOf(span.from, from, to) * 100;
      return { left, width: fractionOf(span.to, from, to) * 100 - left };
    });
}

/** A segment of a played VOD: where it starts in the media (s), how long it is (s), its wall clock (ms). */
export type TimedFragment = { start: number; duration: number; programDateTime: number | null };

/** The wall clock (ms) at the media's `position` (s), from the segments' PROGRAM-DATE-TIME; null if unknown. */
export function wallClockAt(position: number, fragments: TimedFragment[]): number | null {
  let last: TimedFragment | null = null;
  for (const fragment of fragments) {
    if (fragment.programDateTime === null) continue;
    if (position < fragment.start) break;
    last = fragment;
    if (position < fragment.start + fragment.duration) break;
  }
  if (!last || last.programDateTime === null) return null;
  return Math.round(last.programDateTime + (position - last.start) * 1000);
}

/**
 * The media position (s) showing the wall-clock `time` (ms): within the segment recorded then, or
 * the start of the next recording when nothing was recorded at that time; null after the last one.
 */
export function positionAt(time: number, fragments: TimedFragment[]): number | null {
  for (const fragment of fragments) {
    if (fragment.programDateTime === null) continue;
    const end = fragment.programDateTime + fragment.duration * 1000;
    if (time < fragment.programDateTime) return fragment.start;
    if (time < end) return fragment.start + (time - fragment.programDateTime) / 1000;
  }
  return null;
}
