import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { areaNodes, lngLat, polygonProblem, type LngLat } from './geometry.js';

/**
 * Electronic fences, also called layers (spec section 3: name, priority, collected data of at least
 * 3 nodes, belonging station, description, is-collected flag), with a kind that decides what a
 * robot does there and the colour it is drawn in.
 */
export const fenceKinds = ['forbidden', 'patrol', 'slow'] as const;
export type FenceKind = (typeof fenceKinds)[number];

/** Priorities run 1 (lowest) to 999; where fences of different priorities overlap, the higher rules. */
export const FENCE_PRIORITY_MIN = 1;
export const FENCE_PRIORITY_MAX = 999;
/** A slow zone halves a robot's speed (the robot's own limit may be lower). */
export const SLOW_ZONE_FACTOR = 0.5;

const name = z
  .string({ error: 'fences.nameRequired' })
  .trim()
  .min(1, { message: 'fences.nameRequired', abort: true })
  .max(TEXT_MAX.fenceName, 'fences.nameTooLong');
export const fencePriority = z.coerce
  .number({ error: 'fences.priorityRequired' })
  .int('fences.priorityInvalid')
  .min(FENCE_PRIORITY_MIN, 'fences.priorityInvalid')
  .max(FENCE_PRIORITY_MAX, 'fences.priorityInvalid');
const description = z
  .string()
  .trim()
  .max(TEXT_MAX.fenceDescription, 'fences.descriptionTooLong')
  .optional()
  .default('');

/**
 * The collected data as the form shows it: JSON text of `[[lng, lat], ...]` (spec section 5: valid
 * JSON, at least 3 nodes). The same nodes arrive in requests as an array.
 */
export const fenceDataText = z
  .string({ error: 'fences.dataRequired' })
  .trim()
  .min(1, { message: 'fences.dataRequired', abort: true })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'fences.dataJsonInvalid' });
      return z.NEVER;
    }
  })
  .pipe(areaNodes);

const fields = {
  name,
  kind: z.enum(fenceKinds, { error: 'fences.kindRequired' }),
  priority: fencePriority,
  stationId: rowId.refine(Boolean, 'fences.stationRequired'),
  description,
  /** Collected on site by a robot (true) or drawn on the map (false). */
  collected: z.boolean().default(false),
  points: areaNodes,
};

/** POST enclosure-server/fence/create; 409 `fences.overlap` names a same-priority fence it overlaps. */
export const createFenceRequest = z.object(fields);
export type CreateFenceRequest = z.input<typeof createFenceRequest>;
/**
 * The fence form: every field of a request, with the collected data as JSON text (`fenceDataText`)
 * kept in step with the drawn shape.
 */
export const fenceForm = z.object({ ...fields, points: fenceDataText });

/** POST enclosure-server/fence/update */
export const updateFenceRequest = z.object({ fenceId: rowId, ...fields });
export type UpdateFenceRequest = z.input<typeof updateFenceRequest>;
export const fenceIdRequest = z.object({ fenceId: rowId });

/**
 * Layer sort (spec section 4): the order fences are drawn in and listed by within their station,
 * top first. It does not change priorities.
 */
export const layerMoves = ['top', 'up', 'down', 'bottom'] as const;
export type LayerMove = (typeof layerMoves)[number];
export const sortFenceRequest = z.object({ fenceId: rowId, move: z.enum(layerMoves) });

/**
 * Cut mode (spec sections 4, 5): the two vertices chosen to cut along must not be adjacent, and
 * each part must stay a valid polygon. Returns the error key, or null.
 */
export function cutProblem(nodes: readonly LngLat[], a: number, b: number): string | null {
  const n = nodes.length;
  if (a === b || a < 0 || b < 0 || a >= n || b >= n) return 'fences.cutPointsInvalid';
  const gap = Math.abs(a - b);
  if (gap === 1 || gap === n - 1) return 'fences.cutPointsAdjacent';
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const first = nodes.slice(lo, hi + 1);
  const second = [...nodes.slice(hi), ...nodes.slice(0, lo + 1)];
  if (polygonProblem(first) || polygonProblem(second)) return 'fences.cutInvalid';
  return null;
}

/** The two polygons a cut between vertices `a` and `b` makes (after `cutProblem` said null). */
export function cutPolygon(nodes: readonly LngLat[], a: number, b: number): [LngLat[], LngLat[]] {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return [nodes.slice(lo, hi + 1), [...nodes.slice(hi), ...nodes.slice(0, lo + 1)]];
}

export const FENCE_SORT_COLUMNS = ['layerOrder', 'name', 'priority', 'updateTime'] as const;
export type FenceSortColumn = (typeof FENCE_SORT_COLUMNS)[number];
/** GET enclosure-server/fence/page */
export const fencePageQuery = pageQuery.extend({
  keyword: keywordFilter,
  stationId: rowId.optional(),
  kind: z.enum(fenceKinds).optional(),
  ...sortQuery(FENCE_SORT_COLUMNS),
});

export const fenceRow = z.object({
  fenceId: z.number().int(),
  name: z.string(),
  kind: z.enum(fenceKinds),
  priority: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  description: z.string(),
  collected: z.boolean(),
  points: z.array(lngLat),
  /** 1 is the top layer of its station. */
  layerOrder: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type FenceRow = z.infer<typeof fenceRow>;
export const fencePage = pageOf(fenceRow);
/** GET enclosure-server/fence/list?stationId=: every fence (of a station), top layer first, for maps. */
export const fenceListQuery = z.object({ stationId: rowId.optional() });
export const fenceList = z.array(fenceRow);

/** One feature of a fence import or export (GeoJSON, WGS84). */
export const fenceFeatureProperties = z.object({
  name,
  kind: z.enum(fenceKinds, { error: 'fences.kindRequired' }).default('forbidden'),
  priority: fencePriority,
  description,
  collected: z.boolean().default(false),
});
export type FenceFeatureProperties = z.infer<typeof fenceFeatureProperties>;

/** The most features one import takes. */
export const FENCE_IMPORT_MAX = 500;

/**
 * The longest import text: its request (the text JSON-escaped in a body) must stay within the
 * server's 1 MiB body limit.
 */
export const FENCE_IMPORT_MAX_CHARS = 800_000;

/** POST enclosure-server/fence/import: the GeoJSON text, into one station; all or nothing. */
export const importFencesRequest = z.object({
  stationId: rowId,
  text: z
    .string({ error: 'fences.importRequired' })
    .trim()
    .min(1, 'fences.importRequired')
    .max(FENCE_IMPORT_MAX_CHARS, 'fences.importTooLarge'),
});
export type ImportFencesRequest = z.input<typeof importFencesRequest>;

/** A feature's problem: its index (0-based) and name when it has one, and the message key. */
export const importProblem = z.object({
  index: z.number().int(),
  name: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblem>;
/** The answer: how many were imported, or (422 `fences.importFailed`) every problem and nothing imported. */
export const importFencesResponse = z.object({ imported: z.number().int(), problems: z.array(importProblem) });

export type ParsedFence = FenceFeatureProperties & { points: LngLat[] };

/**
 * Reads a fence import (spec section 5: data required, valid JSON, valid WGS84, at least 3 nodes):
 * a FeatureCollection (or one Feature) of Polygons with the properties above. Every feature is
 * checked and every problem listed; the caller imports nothing unless there are none.
 */
export function parseFenceImport(text: string): { fences: ParsedFence[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const fences: ParsedFence[] = [];
  if (!text.trim()) return { fences, problems: [{ index: -1, name: null, key: 'fences.importRequired' }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { fences, problems: [{ index: -1, name: null, key: 'fences.dataJsonInvalid' }] };
  }
  const root = json as { type?: unknown; features?: unknown };
  const features: unknown[] =
    root?.type === 'FeatureCollection' && Array.isArray(root.features)
      ? root.features
      : root?.type === 'Feature'
        ? [root]
        : [];
  if (features.length === 0) return { fences, problems: [{ index: -1, name: null, key: 'fences.importNoFeatures' }] };
  if (features.length > FENCE_IMPORT_MAX) {
    return {
      fences,
      problems: [{ index: -1, name: null, key: 'fences.importTooMany', params: { max: FENCE_IMPORT_MAX } }],
    };
  }
  features.forEach((feature, index) => {
    const f = feature as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: unknown };
    const rawName = (f?.properties as { name?: unknown } | undefined)?.name;
    const label = typeof rawName === 'string' ? rawName : null;
    const props = fenceFeatureProperties.safeParse(f?.properties ?? {});
    if (!props.success) {
      problems.push({ index, name: label, key: props.error.issues[0]?.message ?? 'validation.invalid' });
      return;
    }
    if (f?.geometry?.type !== 'Polygon' || !Array.isArray(f.geometry.coordinates)) {
      problems.push({ index, name: label, key: 'fences.importNotPolygon' });
      return;
    }
    const ring = (f.geometry.coordinates as unknown[])[0];
    let nodes = Array.isArray(ring) ? (ring as unknown[]) : [];
    // GeoJSON closes its rings; stored areas are open.
    const first = JSON.stringify(nodes[0]);
    if (nodes.length > 1 && first === JSON.stringify(nodes[nodes.length - 1])) nodes = nodes.slice(0, -1);
    const parsed = areaNodes.safeParse(nodes.map((n) => (Array.isArray(n) ? n.slice(0, 2) : n)));
    if (!parsed.success) {
      problems.push({ index, name: label, key: parsed.error.issues[0]?.message ?? 'geometry.polygonInvalid' });
      return;
    }
    fences.push({ ...props.data, points: parsed.data });
  });
  return { fences, problems };
}

/** A fence as a GeoJSON feature (export; closes the ring). */
export function fenceToFeature(
  fence: Pick<FenceRow, 'name' | 'kind' | 'priority' | 'description' | 'collected' | 'points'>,
) {
  const ring = [...fence.points, fence.points[0]].filter(Boolean) as LngLat[];
  return {
    type: 'Feature' as const,
    properties: {
      name: fence.name,
      kind: fence.kind,
      priority: fence.priority,
      description: fence.description,
      collected: fence.collected,
    },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
}

/** GET enclosure-server/fence/export?stationId=: a FeatureCollection the import takes back. */
export const fenceExportQuery = z.object({ stationId: rowId.optional() });
export const fenceExport = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({
        name: z.string(),
        kind: z.enum(fenceKinds),
        priority: z.number().int(),
        description: z.string(),
        collected: z.boolean(),
      }),
      geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(lngLat)).max(1) }),
    }),
  ),
});
export type FenceExport = z.infer<typeof fenceExport>;
