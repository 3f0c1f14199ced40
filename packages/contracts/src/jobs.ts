import { z } from 'zod';
import booleanIntersects from '@turf/boolean-intersects';
import booleanWithin from '@turf/boolean-within';
import { lineString } from '@turf/helpers';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { INT4_MAX, keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { latitude, longitude, toPolygon, type LngLat } from './geometry.js';

/**
 * Jobs (spec section 3: name, type, belonging station, description, trigger name and type, action
 * name and type, patrol rounds, speaker data) with their path: the nodes a robot drives through, in
 * order. Every field the spec's job rule names is required (section 5).
 */
export const jobTypes = ['patrol', 'inspection', 'guard'] as const;
export type JobType = (typeof jobTypes)[number];
/** When the job's action happens: at every node, at the station nodes (type 1), at the path's start or end. */
export const triggerTypes = ['eachNode', 'stationNodes', 'pathStart', 'pathEnd'] as const;
export type TriggerType = (typeof triggerTypes)[number];
/** What the robot does then: speak the speaker data, take a photo, record video, sound the siren, wait. */
export const actionTypes = ['speak', 'photo', 'video', 'siren', 'wait'] as const;
export type ActionType = (typeof actionTypes)[number];
/** Node mode (spec section 5, import): 0 normal, 1 start, 2 end. */
export const nodeModes = [0, 1, 2] as const;
/** Node type (spec section 5, import): 0 normal, 1 station (a stop where station-node actions happen). */
export const nodeTypes = [0, 1] as const;

export const JOB_ROUNDS_MAX = 100;
/** A path has at least two nodes and at most this many. */
export const JOB_NODES_MAX = 1000;
/** The longest import text (a thousand nodes with long guide data fit with room to spare). */
export const JOB_IMPORT_MAX_CHARS = 400_000;

const name = z
  .string({ error: 'jobs.nameRequired' })
  .trim()
  .min(1, { message: 'jobs.nameRequired', abort: true })
  .max(TEXT_MAX.jobName, 'jobs.nameTooLong');
const description = z.string().trim().max(TEXT_MAX.jobDescription, 'jobs.descriptionTooLong').optional().default('');
const requiredLabel = (requiredKey: string, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { message: requiredKey, abort: true })
    .max(TEXT_MAX.jobLabel, tooLongKey);

/** Guide data: what the robot is told at the node (a direction, a landmark), required (spec section 5). */
export const guideData = z
  .string({ error: 'jobs.guideRequired' })
  .trim()
  .min(1, { message: 'jobs.guideRequired', abort: true })
  .max(TEXT_MAX.jobGuide, 'jobs.guideTooLong');

/** One node of a path, WGS84. */
export const pathNode = z.object({
  lng: longitude,
  lat: latitude,
  mode: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'jobs.nodeModeInvalid' }),
  type: z.union([z.literal(0), z.literal(1)], { error: 'jobs.nodeTypeInvalid' }),
  guide: guideData,
});
export type PathNode = z.infer<typeof pathNode>;

export const pathNodes = z
  .array(pathNode, { error: 'jobs.pathRequired' })
  .min(2, { message: 'jobs.pathTooShort', abort: true })
  .max(JOB_NODES_MAX, { message: 'jobs.pathTooLong', abort: true });

const fields = {
  name,
  type: z.enum(jobTypes, { error: 'jobs.typeRequired' }),
  // Its own message when missing (a select left empty), not the generic "required".
  stationId: z.coerce
    .number({ error: 'jobs.stationRequired' })
    .int('jobs.stationRequired')
    .min(1, 'jobs.stationRequired')
    .max(INT4_MAX, 'validation.outOfRange'),
  description,
  triggerName: requiredLabel('jobs.triggerNameRequired', 'jobs.labelTooLong'),
  triggerType: z.enum(triggerTypes, { error: 'jobs.triggerTypeRequired' }),
  actionName: requiredLabel('jobs.actionNameRequired', 'jobs.labelTooLong'),
  actionType: z.enum(actionTypes, { error: 'jobs.actionTypeRequired' }),
  rounds: z.coerce
    .number({ error: 'jobs.roundsRequired' })
    .int('jobs.roundsInvalid')
    .min(1, 'jobs.roundsInvalid')
    .max(JOB_ROUNDS_MAX, 'jobs.roundsInvalid'),
  /** What the robot says (text to speech) when the action is `speak`; required by the spec for every job. */
  speakerData: z
    .string({ error: 'jobs.speakerRequired' })
    .trim()
    .min(1, { message: 'jobs.speakerRequired', abort: true })
    .max(TEXT_MAX.jobSpeaker, 'jobs.speakerTooLong'),
  nodes: pathNodes,
};

/**
 * POST task-server/job/create. 422 `jobs.pathCrossesFence` ({name, segment}) or
 * `jobs.pathLeavesStation` ({segment}) when the path is not one the station allows (`pathProblem`).
 */
export const createJobRequest = z.object(fields);
export type CreateJobRequest = z.input<typeof createJobRequest>;
/** POST task-server/job/update */
export const updateJobRequest = z.object({ jobId: rowId, ...fields });
export type UpdateJobRequest = z.input<typeof updateJobRequest>;
/** POST task-server/job/delete: refused (409 `jobs.inUse`, naming the tasks) while a task uses the job. */
export const jobIdRequest = z.object({ jobId: rowId });

export const JOB_SORT_COLUMNS = ['name', 'type', 'updateTime'] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];
/** GET task-server/job/page */
export const jobPageQuery = pageQuery.extend({
  keyword: keywordFilter,
  stationId: rowId.optional(),
  type: z.enum(jobTypes).optional(),
  ...sortQuery(JOB_SORT_COLUMNS),
});

export const jobRow = z.object({
  jobId: z.number().int(),
  name: z.string(),
  type: z.enum(jobTypes),
  stationId: z.number().int(),
  stationName: z.string(),
  description: z.string(),
  triggerName: z.string(),
  triggerType: z.enum(triggerTypes),
  actionName: z.string(),
  actionType: z.enum(actionTypes),
  rounds: z.number().int(),
  speakerData: z.string(),
  nodes: z.array(pathNode),
  /** Length of the path in metres (one round). */
  lengthM: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type JobRow = z.infer<typeof jobRow>;
export const jobPage = pageOf(jobRow);
/** GET task-server/job/list?stationId=: every job (of a station), for selects and maps. */
export const jobListQuery = z.object({ stationId: rowId.optional() });
export const jobList = z.array(jobRow);

/**
 * POST task-server/job/import: replaces the job's path with the nodes of the text (the export's
 * format: a JSON array of `{lng, lat, mode, type, guide}`, or CSV with the header
 * `lng,lat,mode,type,guide`). All or nothing: 422 `jobs.importFailed` lists every bad row.
 */
export const importJobNodesRequest = z.object({
  jobId: rowId,
  text: z
    .string({ error: 'jobs.importRequired' })
    .trim()
    .min(1, 'jobs.importRequired')
    .max(JOB_IMPORT_MAX_CHARS, 'jobs.importTooLarge'),
});
export type ImportJobNodesRequest = z.input<typeof importJobNodesRequest>;
/** A bad row: its number (1-based, as a spreadsheet counts data rows; 0 for the whole text), the key and params. */
export const nodeImportProblem = z.object({
  row: z.number().int(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type NodeImportProblem = z.infer<typeof nodeImportProblem>;
export const importJobNodesResponse = z.object({ imported: z.number().int(), problems: z.array(nodeImportProblem) });
/** GET task-server/job/export?jobId=: the path's nodes; the console saves them as JSON or CSV (`formatPathNodes`). */
export const jobExportQuery = z.object({ jobId: rowId });
export const jobExport = z.array(pathNode);

export const NODE_CSV_HEADER = 'lng,lat,mode,type,guide';

/** The path in the import's formats: a JSON array, or CSV with NODE_CSV_HEADER (guide quoted as needed). */
export function formatPathNodes(nodes: readonly PathNode[], format: 'json' | 'csv'): string {
  if (format === 'json') return JSON.stringify(nodes, null, 2);
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return [NODE_CSV_HEADER, ...nodes.map((n) => [n.lng, n.lat, n.mode, n.type, quote(n.guide)].join(','))].join('\r\n');
}

/** Splits CSV text into rows of fields (RFC 4180 quoting). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * Reads a path import (spec section 5: data required; coordinates valid WGS84; mode 0 normal, 1 start,
 * 2 end; type 0 normal, 1 station): JSON (an array of nodes) or CSV (NODE_CSV_HEADER first). Every row
 * is checked and every problem listed; the caller imports nothing unless there are none.
 */
export function parsePathNodes(text: string): { nodes: PathNode[]; problems: NodeImportProblem[] } {
  const trimmed = text.trim();
  if (!trimmed) return { nodes: [], problems: [{ row: 0, key: 'jobs.importRequired' }] };
  let raw: unknown[];
  if (trimmed.startsWith('[')) {
    try {
      const json = JSON.parse(trimmed) as unknown;
      raw = Array.isArray(json) ? json : [];
    } catch {
      return { nodes: [], problems: [{ row: 0, key: 'jobs.importJsonInvalid' }] };
    }
  } else {
    const rows = csvRows(trimmed);
    const header = rows[0]?.map((h) => h.trim().toLowerCase()).join(',');
    if (header !== NODE_CSV_HEADER) return { nodes: [], problems: [{ row: 0, key: 'jobs.importHeaderInvalid' }] };
    const number = (f: string | undefined) => (f === undefined || f.trim() === '' ? undefined : Number(f));
    raw = rows.slice(1).map((r) => ({
      lng: number(r[0]),
      lat: number(r[1]),
      mode: number(r[2]),
      type: number(r[3]),
      guide: r[4],
    }));
  }
  if (raw.length === 0) return { nodes: [], problems: [{ row: 0, key: 'jobs.importRequired' }] };
  if (raw.length > JOB_NODES_MAX) {
    return { nodes: [], problems: [{ row: 0, key: 'jobs.pathTooLong', params: { max: JOB_NODES_MAX } }] };
  }
  const nodes: PathNode[] = [];
  const problems: NodeImportProblem[] = [];
  raw.forEach((item, index) => {
    const parsed = pathNode.safeParse(item);
    if (parsed.success) nodes.push(parsed.data);
    else {
      const keys = new Set(parsed.error.issues.map((issue) => issue.message));
      for (const key of keys) problems.push({ row: index + 1, key: key.includes('.') ? key : 'jobs.importRowInvalid' });
    }
  });
  if (problems.length === 0 && nodes.length < 2) problems.push({ row: 0, key: 'jobs.pathTooShort' });
  return { nodes: problems.length ? [] : nodes, problems };
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Length of a path in metres, node to node in order (haversine on the mean Earth radius). One round. */
export function pathLengthM(nodes: readonly { lng: number; lat: number }[]): number {
  let total = 0;
  for (let i = 0; i + 1 < nodes.length; i++) {
    const a = nodes[i]!;
    const b = nodes[i + 1]!;
    const h =
      Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
      Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
    total += 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return Math.round(total * 10) / 10;
}

/**
 * The field of a 422 answer that names a path's problem: `nodes.<i>`, i the 0-based index of the
 * segment's first node (the segment from node i to node i + 1), so the console highlights segment
 * i. An import's bad row names its node the same way (`nodes.<row - 1>`); a problem of the whole
 * text is on `text`.
 */
export const nodeField = (index: number) => `nodes.${index}`;
/** The 0-based node index of a field error's path (`nodes.3` → 3), or null for any other field. */
export function nodeIndexOfField(path: string): number | null {
  const match = /^nodes\.(\d+)$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** Where a path is not allowed: the segment (0-based, from node i to i+1) and why. */
export type PathProblem =
  | { key: 'jobs.pathLeavesStation'; segment: number }
  | { key: 'jobs.pathCrossesFence'; segment: number; fenceName: string };

/**
 * A path a station allows (beyond the seed): every segment inside the station's area, none touching
 * one of its forbidden fences. The first problem found, or null. Both the console (to highlight the
 * segment while drawing) and the server (to refuse the save) ask this.
 */
export function pathProblem(
  nodes: readonly { lng: number; lat: number }[],
  stationArea: readonly LngLat[] | null,
  forbidden: readonly { name: string; points: readonly LngLat[] }[],
): PathProblem | null {
  const station = stationArea && stationArea.length >= 3 ? toPolygon(stationArea) : null;
  const fences = forbidden
    .filter((f) => f.points.length >= 3)
    .map((f) => ({ name: f.name, shape: toPolygon(f.points) }));
  for (let i = 0; i + 1 < nodes.length; i++) {
    const a = nodes[i]!;
    const b = nodes[i + 1]!;
    const same = a.lng === b.lng && a.lat === b.lat;
    const segment = lineString(
      same
        ? [
            [a.lng, a.lat],
            [b.lng + 1e-12, b.lat],
          ]
        : [
            [a.lng, a.lat],
            [b.lng, b.lat],
          ],
    );
    if (station && !booleanWithin(segment, station)) return { key: 'jobs.pathLeavesStation', segment: i };
    for (const fence of fences) {
      if (booleanIntersects(segment, fence.shape)) {
        return { key: 'jobs.pathCrossesFence', segment: i, fenceName: fence.name };
      }
    }
  }
  return null;
}
