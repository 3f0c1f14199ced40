import type { CreateFenceRequest, LngLat } from '@patrol/contracts';
import { makeRoute, type LatLng } from './route.js';

const EARTH_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
/** The point `east` and `north` metres from `p`, as `[lng, lat]`. */
const lngLatAt = (p: LatLng, east: number, north: number): LngLat => [
  p[1] + deg(east / (EARTH_M * Math.cos(rad(p[0])))),
  p[0] + deg(north / EARTH_M),
];
const box = (p: LatLng, west: number, south: number, east: number, north: number): LngLat[] => [
  lngLatAt(p, west, south),
  lngLatAt(p, east, south),
  lngLatAt(p, east, north),
  lngLatAt(p, west, north),
];

/**
 * The demo's station and fences: a station around the patrol loops of `robots` robots near
 * `center` (30 m of margin), a forbidden pond across the first leg of robot 1's loop (it turns back
 * there) and a slow zone over the far side of robot 2's.
 */
export function demoSite(center: LatLng, robots: number) {
  const corners = Array.from({ length: Math.max(1, robots) }, (_, i) => makeRoute(center, i).points).flat();
  const lats = corners.map((p) => p[0]);
  const lngs = corners.map((p) => p[1]);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const sw: LatLng = [south, west];
  const ne: LatLng = [north, east];
  const area: LngLat[] = [
    lngLatAt(sw, -30, -30),
    lngLatAt([south, east], 30, -30),
    lngLatAt(ne, 30, 30),
    lngLatAt([north, west], -30, 30),
  ];
  const first = makeRoute(center, 0).points;
  const firstBase = first[0]!;
  const fences: Omit<CreateFenceRequest, 'stationId'>[] = [
    {
      name: 'Pond',
      kind: 'forbidden',
      priority: 10,
      description: 'Keep out: water',
      // Across the first leg (base → east), 30 to 45 m east of the base.
      points: box(firstBase, 30, -8, 45, 8),
    },
  ];
  if (robots > 1) {
    const second = makeRoute(center, 1).points;
    fences.push({
      name: 'Lawn',
      kind: 'slow',
      priority: 5,
      description: 'Slow: people on the grass',
      // Over the far (north) side of the second loop.
      points: box(second[3]!, 10, -8, 70, 8),
    });
  }
  return { area, fences };
}
