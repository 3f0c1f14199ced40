import { z } from 'zod';
import area from '@turf/area';
import booleanValid from '@turf/boolean-valid';
import intersect from '@turf/intersect';
import kinks from '@turf/kinks';
import { featureCollection, polygon } from '@turf/helpers';

/**
 * Geometry shared by stations, fences and jobs. Coordinates are stored WGS84 `[lng, lat]` (GeoJSON
 * order); a base map in GCJ-02 or BD-09 is converted to only when drawing.
 */
/** A WGS84 longitude and latitude, in degrees. */
export const longitude = z
  .number({ error: 'geometry.coordinateInvalid' })
  .min(-180, 'geometry.coordinateInvalid')
  .max(180, 'geometry.coordinateInvalid');
export const latitude = z
  .number({ error: 'geometry.coordinateInvalid' })
  .min(-90, 'geometry.coordinateInvalid')
  .max(90, 'geometry.coordinateInvalid');
export const lngLat = z.tuple([longitude, latitude], { error: 'geometry.coordinateInvalid' });
export type LngLat = z.infer<typeof lngLat>;

/** The most nodes an area may have (a drawn campus outline has tens; an import has at most this). */
export const AREA_NODES_MAX = 500;
/** Less than this overlap (m²) is a shared edge, not an overlap. */
export const OVERLAP_TOLERANCE_M2 = 0.01;

/** An open ring (the first node is not repeated at the end) as a closed GeoJSON polygon. */
export function toPolygon(nodes: readonly LngLat[]) {
  const ring: number[][] = nodes.map((n) => [n[0], n[1]]);
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return polygon([ring]);
}

/**
 * A polygon a robot can obey: at least 3 distinct nodes, no edge crossing another (turf's
 * `booleanValid` alone accepts a self-crossing "bow-tie", so `kinks` is checked too), some area.
 */
export function polygonProblem(nodes: readonly LngLat[]): string | null {
  const distinct = new Set(nodes.map((n) => `${n[0]},${n[1]}`));
  if (distinct.size < 3) return 'geometry.tooFewNodes';
  const shape = toPolygon(nodes);
  if (kinks(shape).features.length > 0) return 'geometry.selfIntersecting';
  if (!booleanValid(shape)) return 'geometry.polygonInvalid';
  if (area(shape) <= OVERLAP_TOLERANCE_M2) return 'geometry.polygonInvalid';
  return null;
}

/** Area (m²) two valid polygons share; 0 when they only touch. */
export function overlapArea(a: readonly LngLat[], b: readonly LngLat[]): number {
  const shared = intersect(featureCollection([toPolygon(a), toPolygon(b)]));
  return shared ? area(shared) : 0;
}

/** True when two valid polygons share more than an edge. */
export function polygonsOverlap(a: readonly LngLat[], b: readonly LngLat[]): boolean {
  return overlapArea(a, b) > OVERLAP_TOLERANCE_M2;
}

/** The nodes of an area: at least 3, each a valid WGS84 `[lng, lat]`, forming a valid polygon. */
export const areaNodes = z
  .array(lngLat, { error: 'geometry.nodesRequired' })
  // Aborting: a list too short or too long is one problem, not also an invalid polygon.
  .min(3, { message: 'geometry.tooFewNodes', abort: true })
  .max(AREA_NODES_MAX, { message: 'geometry.tooManyNodes', abort: true })
  .superRefine((nodes, ctx) => {
    const problem = polygonProblem(nodes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * An area as a form shows it: JSON text of `[[lng, lat], ...]`, kept in step with the shape drawn
 * on the map (the keyboard's way to give an area). The same nodes arrive in requests as an array.
 */
export const areaNodesText = z
  .string({ error: 'geometry.nodesRequired' })
  .trim()
  .min(1, { message: 'geometry.nodesRequired', abort: true })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'geometry.jsonInvalid' });
      return z.NEVER;
    }
  })
  .pipe(areaNodes);
