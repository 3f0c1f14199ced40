import simplify from 'simplify-js';
import { TRACK_STOP_SPEED, type TrackPoint } from '@patrol/contracts';

/** Metres per degree of latitude (and of longitude at the equator), near enough for a map's pixel. */
const METRES_PER_DEGREE = 111_320;
/** Web Mercator: metres per pixel at zoom 0 on the equator (256-pixel tiles). */
const METRES_PER_PIXEL_Z0 = 156_543.033_92;

/**
 * How far (metres) a simplified track may stray from the stored one at a zoom: half a screen pixel
 * there, so the simplification cannot be seen.
 */
export function toleranceMetres(zoom: number, latitude: number): number {
  return (0.5 * METRES_PER_PIXEL_Z0 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
}

type Row = { ts: number; lng: number; lat: number; speed: number };
type Projected = { x: number; y: number; i: number };

/**
 * A track for a map at `zoom`: Douglas–Peucker (simplify-js, its exact pass) on a local metric
 * projection, within `toleranceMetres`; the first and last points stay, and so do the points where
 * the robot stopped and where it moved off again, so a stop is still seen and its time kept.
 */
export function downsample(rows: Row[], zoom: number): TrackPoint[] {
  if (rows.length <= 2) return rows.map(toPoint);
  const first = rows[0]!;
  const cosLat = Math.cos((first.lat * Math.PI) / 180);
  const projected: Projected[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    projected[i] = {
      x: (r.lng - first.lng) * METRES_PER_DEGREE * cosLat,
      y: (r.lat - first.lat) * METRES_PER_DEGREE,
      i,
    };
  }
  const keep = new Uint8Array(rows.length);
  for (const p of simplify(projected, toleranceMetres(zoom, first.lat), true) as Projected[]) keep[p.i] = 1;
  keep[0] = 1;
  keep[rows.length - 1] = 1;
  for (let i = 1; i < rows.length; i++) {
    const stopped = rows[i]!.speed <= TRACK_STOP_SPEED;
    const wasStopped = rows[i - 1]!.speed <= TRACK_STOP_SPEED;
    if (stopped && !wasStopped) keep[i] = 1;
    if (!stopped && wasStopped) keep[i - 1] = 1;
  }
  const out: TrackPoint[] = [];
  for (let i = 0; i < rows.length; i++) if (keep[i]) out.push(toPoint(rows[i]!));
  return out;
}

const toPoint = (r: Row): TrackPoint => [r.ts, r.lng, r.lat, r.speed];
