import { useCallback, useEffect, useState } from 'react';
import type { TrackPoint } from '@patrol/contracts';

/** Where a track's robot was at one moment: interpolated between the two points around it. */
export type TrackPosition = { ts: number; lng: number; lat: number; speed: number; heading: number; index: number };

/** The index of the last point at or before `ts` (-1 before the first). Binary search: points are in time order. */
export function pointIndexAt(points: readonly TrackPoint[], ts: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![0] <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The robot's position at `ts`, on the straight line between the points around it; null without points. */
export function positionAt(points: readonly TrackPoint[], ts: number): TrackPosition | null {
  if (points.length === 0) return null;
  const i = pointIndexAt(points, ts);
  const a = points[Math.max(0, i)]!;
  const b = points[Math.min(points.length - 1, i + 1)]!;
  const span = b[0] - a[0];
  const f = i < 0 ? 0 : span > 0 ? Math.min(1, Math.max(0, (ts - a[0]) / span)) : 0;
  const lng = a[1] + (b[1] - a[1]) * f;
  const lat = a[2] + (b[2] - a[2]) * f;
  const heading =
    a === b ? 0 : (Math.atan2((b[1] - a[1]) * Math.cos((a[2] * Math.PI) / 180), b[2] - a[2]) * 180) / Math.PI;
  return {
    ts: Math.max(ts, points[0]![0]),
    lng,
    lat,
    speed: a[3],
    heading: (heading + 360) % 360,
    index: Math.max(0, i),
  };
}

/** The part of the track travelled by `ts`, as `[lng, lat]` nodes ending where the robot is then. */
export function travelledAt(points: readonly TrackPoint[], ts: number): [number, number][] {
  const at = positionAt(points, ts);
  if (!at) return [];
  const out: [number, number][] = [];
  const last = pointIndexAt(points, ts);
  for (let i = 0; i <= last; i++) out.push([points[i]![1], points[i]![2]]);
  out.push([at.lng, at.lat]);
  return out;
}

/** Metres along a track (equirectangular between neighbours: fine for a robot's steps). */
export function trackDistance(points: readonly TrackPoint[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const [, lng0, lat0] = points[i - 1]!;
    const [, lng1, lat1] = points[i]!;
    const k = Math.cos((((lat0 + lat1) / 2) * Math.PI) / 180);
    total += Math.hypot((lng1 - lng0) * k, lat1 - lat0) * 111_320;
  }
  return total;
}

/** The state of a playback at one instant. */
export type PlaybackSnapshot = { position: number; playing: boolean; speed: number; start: number; end: number };

/**
 * A playback's clock: track time runs `speed` times as fast as wall time from where it was last
 * set (play, seek, a speed change), and stops at the end. Pure apart from `now`, so a test can
 * drive it.
 */
export function createPlaybackClock(start: number, end: number, now: () => number = () => performance.now()) {
  let speed = 1;
  let playing = false;
  let anchorWall = now();
  let anchorPos = start;
  const clamp = (ts: number) => Math.min(end, Math.max(start, ts));

  function position(): number {
    if (!playing) return anchorPos;
    const ts = clamp(anchorPos + (now() - anchorWall) * speed);
    if (ts >= end) {
      playing = false;
      anchorPos = end;
    }
    return ts;
  }
  const reanchor = (ts: number) => {
    anchorPos = clamp(ts);
    anchorWall = now();
  };

  return {
    position,
    snapshot: (): PlaybackSnapshot => ({ position: position(), playing, speed, start, end }),
    /** Plays from where it stands; from the start again when it stands at the end. */
    play() {
      const ts = position();
      reanchor(ts >= end ? start : ts);
      playing = true;
    },
    pause() {
      reanchor(position());
      playing = false;
    },
    /** Goes to `ts` (clamped to the track), playing on if it was playing. */
    seek(ts: number) {
      position();
      reanchor(ts);
    },
    setSpeed(next: number) {
      reanchor(position());
      speed = next;
    },
  };
}

export type PlaybackClock = ReturnType<typeof createPlaybackClock>;

/** How often a playing track's position is shown anew (10 frames a second is smooth for a patrol robot). */
export const PLAYBACK_FRAME_MS = 100;

/**
 * A playback clock for React: the page renders anew every PLAYBACK_FRAME_MS while it plays, and
 * not at all while it stands. A new range makes a new clock, at its start.
 */
export function usePlayback(start: number, end: number) {
  const [held, setHeld] = useState(() => ({ start, end, clock: createPlaybackClock(start, end) }));
  const [, setFrame] = useState(0);
  let clock = held.clock;
  if (held.start !== start || held.end !== end) {
    clock = createPlaybackClock(start, end);
    setHeld({ start, end, clock });
  }
  const snapshot = clock.snapshot();
  useEffect(() => {
    if (!snapshot.playing) return;
    const timer = setInterval(() => setFrame((n) => n + 1), PLAYBACK_FRAME_MS);
    return () => clearInterval(timer);
  }, [snapshot.playing, clock]);
  const act = useCallback(
    (change: (c: PlaybackClock) => void) => {
      change(clock);
      setFrame((n) => n + 1);
    },
    [clock],
  );
  return {
    ...snapshot,
    play: useCallback(() => act((c) => c.play()), [act]),
    pause: useCallback(() => act((c) => c.pause()), [act]),
    seek: useCallback((ts: number) => act((c) => c.seek(ts)), [act]),
    setSpeed: useCallback((s: number) => act((c) => c.setSpeed(s)), [act]),
  };
}
