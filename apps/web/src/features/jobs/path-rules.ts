import {
  nodeIndexOfField,
  pathLengthM,
  pathProblem,
  type LngLat,
  type PathNode,
  type PathProblem,
} from '@patrol/contracts';

/** Seven decimals of a degree is about a centimetre: enough for a path, short enough to read. */
const round = (value: number) => Math.round(value * 1e7) / 1e7;

/** A node added by a click on the map: normal, no station stop, its guide data still to be given. */
export function newNode([lng, lat]: LngLat): PathNode {
  return { lng: round(lng), lat: round(lat), mode: 0, type: 0, guide: '' };
}

/** The path with a node added at the end. */
export const addNode = (nodes: readonly PathNode[], at: LngLat): PathNode[] => [...nodes, newNode(at)];

/** The path with node `index` dragged to `at` (its mode, type and guide data kept). */
export const moveNode = (nodes: readonly PathNode[], index: number, [lng, lat]: LngLat): PathNode[] =>
  nodes.map((n, i) => (i === index ? { ...n, lng: round(lng), lat: round(lat) } : n));

/** The path without node `index`. */
export const removeNode = (nodes: readonly PathNode[], index: number): PathNode[] =>
  nodes.filter((_, i) => i !== index);

/** The path with node `index` changed (its mode, type or guide data). */
export const changeNode = (nodes: readonly PathNode[], index: number, patch: Partial<PathNode>): PathNode[] =>
  nodes.map((n, i) => (i === index ? { ...n, ...patch } : n));

/** The path with node `index` one place earlier (-1) or later (+1); unchanged at either end. */
export function shiftNode(nodes: readonly PathNode[], index: number, by: -1 | 1): PathNode[] {
  const to = index + by;
  if (to < 0 || to >= nodes.length) return [...nodes];
  const next = [...nodes];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The lines of a map the path must keep to: the station's area and its forbidden fences. */
export type PathBounds = {
  area: readonly LngLat[] | null;
  forbidden: readonly { name: string; points: readonly LngLat[] }[];
};

/** Where the path is not allowed (the contract's rule, the server's too), or null. */
export const problemOf = (nodes: readonly PathNode[], bounds: PathBounds): PathProblem | null =>
  pathProblem(nodes, bounds.area, bounds.forbidden);

/** The message key and parameters of a path problem; segments are counted from 1 for people. */
export function problemMessage(problem: PathProblem): { key: string; params: Record<string, string | number> } {
  const segment = problem.segment + 1;
  return problem.key === 'jobs.pathCrossesFence'
    ? { key: problem.key, params: { segment, name: problem.fenceName } }
    : { key: problem.key, params: { segment } };
}

/**
 * The segment (0-based) a server refusal of the path names: its field error `nodes.<i>` (the
 * contract's `nodeField`), when that is a segment of this path.
 */
export function refusedSegment(fields: readonly { path: string }[], nodeCount: number): number | null {
  for (const field of fields) {
    const segment = nodeIndexOfField(field.path);
    if (segment !== null) return segment < nodeCount - 1 ? segment : null;
  }
  return null;
}

/** Length of a path in metres, for the count beside the node list (the contract's haversine). */
export const pathLength = pathLengthM;

/** A length for people: metres below a kilometre, else kilometres with two decimals. */
export const formatLength = (metres: number): string =>
  metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(2)} km`;
