/** A WGS84 point, [lat, lng]. */
export type LatLng = readonly [number, number];
/** A closed patrol loop; the first point is the robot's base (its charging station). */
export type Route = { points: LatLng[] };

const EARTH_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Metres east and north from `a` to `b` (good enough for a site a few km across). */
function delta(a: LatLng, b: LatLng): { east: number; north: number } {
  return {
    east: rad(b[1] - a[1]) * EARTH_M * Math.cos(rad(a[0])),
    north: rad(b[0] - a[0]) * EARTH_M,
  };
}

function offset(p: LatLng, east: number, north: number): LatLng {
  return [p[0] + deg(north / EARTH_M), p[1] + deg(east / (EARTH_M * Math.cos(rad(p[0]))))];
}

/**
 * The patrol loop of robot number `index` near `center`: robots are spread on a grid about 150 m
 * apart, each going round a rounded rectangle of about 80 x 50 m.
 */
export function makeRoute(center: LatLng, index: number, size = 1): Route {
  const perRow = 10;
  const spacing = 150 * size;
  const origin = offset(
    center,
    ((index % perRow) - (perRow - 1) / 2) * spacing,
    (Math.floor(index / perRow) - 2) * spacing * 0.8,
  );
  const w = 40 * size;
  const h = 25 * size;
  const corners: [number, number][] = [
    [-w, -h],
    [w, -h],
    [w, h],
    [-w, h],
  ];
  return { points: corners.map(([e, n]) => offset(origin, e, n)) };
}

/**
 * Moves `distance` metres from `position` along the loop (towards the point after `leg`), or
 * straight to the point `target` when given. Returns the new position, leg, heading (degrees from
 * north) and whether the target was reached.
 */
export function advance(
  route: Route,
  leg: number,
  position: LatLng,
  distance: number,
  target?: number,
): { position: LatLng; leg: number; heading: number; arrived: boolean } {
  const n = route.points.length;
  let here = position;
  let left = distance;
  let heading = 0;
  for (let guard = 0; guard < 2 * n + 2; guard++) {
    const goal = route.points[target ?? (leg + 1) % n]!;
    const d = delta(here, goal);
    const span = Math.hypot(d.east, d.north);
    if (span > 1e-6) heading = (deg(Math.atan2(d.east, d.north)) + 360) % 360;
    if (span > left) {
      const f = left / span;
      return { position: offset(here, d.east * f, d.north * f), leg, heading, arrived: false };
    }
    left -= span;
    here = goal;
    if (target !== undefined) return { position: here, leg: target, heading, arrived: true };
    leg = (leg + 1) % n;
  }
  return { position: here, leg, heading, arrived: false };
}

/** The loop run backwards: leg `l` of one is leg `(n - 2 - l) mod n` of the other, both ways. */
const reversedLeg = (n: number, leg: number) => (((n - 2 - leg) % n) + n) % n;
const reversedRoutes = new WeakMap<Route, Route>();
function reversed(route: Route): Route {
  let back = reversedRoutes.get(route);
  if (!back) {
    back = { points: [...route.points].reverse() };
    reversedRoutes.set(route, back);
  }
  return back;
}

/**
 * `advance` in a direction: 1 along the loop, -1 back along it (towards the point where the leg
 * starts). `leg` is always numbered along the loop.
 */
export function advanceAlong(
  route: Route,
  leg: number,
  position: LatLng,
  distance: number,
  direction: 1 | -1,
): { position: LatLng; leg: number; heading: number; arrived: boolean } {
  if (direction === 1) return advance(route, leg, position, distance);
  const n = route.points.length;
  const step = advance(reversed(route), reversedLeg(n, leg), position, distance);
  return { ...step, leg: reversedLeg(n, step.leg) };
}

/** Whether a WGS84 point lies inside an area of `[lng, lat]` nodes (an open ring; ray casting). */
export function insideArea(point: LatLng, nodes: readonly (readonly [number, number])[]): boolean {
  const [lat, lng] = point;
  let inside = false;
  for (let i = 0, j = nodes.length - 1; i < nodes.length; j = i++) {
    const [xi, yi] = nodes[i]!;
    const [xj, yj] = nodes[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
