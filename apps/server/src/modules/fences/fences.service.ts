import {
  fenceToFeature,
  parseFenceImport,
  polygonsOverlap,
  type FenceExport,
  type FenceKind,
  type FenceRow,
  type FenceSortColumn,
  type ImportProblem,
  type LayerMove,
  type LngLat,
  type Page,
  type SortRequest,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { robotIdsOfStation } from '../robots/robots.shared.js';
import { findStation } from '../stations/stations.shared.js';
import {
  deleteFence,
  fencesOfStation,
  findFence,
  insertFence,
  lockStations,
  listFences,
  pageFences,
  samePriorityFences,
  setLayerOrder,
  updateFence,
  type FenceNamed,
  type FenceValues,
} from './fences.repository.js';

export function toFenceRow(row: FenceNamed): FenceRow {
  return {
    fenceId: row.id,
    name: row.name,
    kind: row.kind,
    priority: row.priority,
    stationId: row.stationId,
    stationName: row.stationName,
    description: row.description,
    collected: row.collected,
    points: row.points,
    layerOrder: row.layerOrder,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

type Box = [number, number, number, number];
const boxOf = (points: readonly LngLat[]): Box => {
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
};
/** Bounding boxes apart: the polygons cannot overlap (spares turf's intersection on most pairs). */
const apart = (a: Box, b: Box) => a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1];

/** Whether two fences of the same priority overlap (more than a shared edge). */
function clash(a: { points: LngLat[]; box?: Box }, b: { points: LngLat[]; box?: Box }) {
  if (apart(a.box ?? boxOf(a.points), b.box ?? boxOf(b.points))) return false;
  return polygonsOverlap(a.points, b.points);
}

/** The refusal of a fence that overlaps another of the same station and priority, naming it. */
const overlapping = (name: string) =>
  new AppError(409, 'fences.overlap', { name }, [{ path: 'points', key: 'fences.overlap', params: { name } }]);

/** Where `move` puts the fence `id` in the station's layers (ids top first). */
export function moved(ids: number[], id: number, move: LayerMove): number[] {
  const at = ids.indexOf(id);
  if (at < 0) return ids;
  const rest = ids.filter((x) => x !== id);
  const to =
    move === 'top'
      ? 0
      : move === 'bottom'
        ? rest.length
        : move === 'up'
          ? Math.max(0, at - 1)
          : Math.min(rest.length, at + 1);
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/**
 * Electronic fences of a tenant's stations. Rules: same-priority fences of one station must not
 * overlap (sharing an edge is fine); a new or imported fence goes on top of its station's layers;
 * every change is pushed to the robots of the stations concerned (`push`).
 */
export function createFencesService(ctx: AppContext, deps: { push: (robotIds: number[]) => Promise<void> }) {
  const { db } = ctx;

  async function fenceOf(caller: AuthContext, fenceId: number) {
    const row = await findFence(db, caller.tenantId, fenceId);
    if (!row) throw notFound('fences.notFound');
    return row;
  }

  async function stationOf(caller: AuthContext, stationId: number) {
    const row = await findStation(db, caller.tenantId, stationId);
    if (!row) throw notFound('stations.notFound');
    return row;
  }

  /** Locks the stations; one deleted since it was checked is a 404 like any missing station. */
  async function lock(tx: DbOrTx, caller: AuthContext, stationIds: number[]) {
    if ((await lockStations(tx, caller.tenantId, stationIds)) !== new Set(stationIds).size) {
      throw notFound('stations.notFound');
    }
  }

  async function checkOverlap(tx: DbOrTx, caller: AuthContext, values: FenceValues, exceptId?: number) {
    const others = await samePriorityFences(tx, caller.tenantId, values.stationId, values.priority, exceptId);
    const hit = others.find((other) => clash(values, other));
    if (hit) throw overlapping(hit.name);
  }

  /** Renumbers a station's layers 1..n in their order, `first` on top when given. */
  async function renumber(tx: DbOrTx, tenantId: number, stationId: number, first?: number) {
    const ids = (await fencesOfStation(tx, tenantId, stationId)).map((f) => f.id);
    await setLayerOrder(tx, tenantId, first === undefined ? ids : [first, ...ids.filter((id) => id !== first)]);
  }

  async function pushStations(tenantId: number, stationIds: number[]) {
    const robotIds: number[] = [];
    for (const stationId of new Set(stationIds)) robotIds.push(...(await robotIdsOfStation(db, tenantId, stationId)));
    await deps.push(robotIds);
  }

  async function page(
    caller: AuthContext,
    query: {
      index: number;
      size?: number | undefined;
      keyword?: string | undefined;
      stationId?: number | undefined;
      kind?: FenceKind | undefined;
    } & SortRequest<FenceSortColumn>,
  ): Promise<Page<FenceRow>> {
    const { rows, total } = await pageFences(db, caller.tenantId, query, pageWindow(query));
    return { rows: rows.map(toFenceRow), total };
  }

  async function list(caller: AuthContext, stationId?: number): Promise<FenceRow[]> {
    return (await listFences(db, caller.tenantId, stationId)).map(toFenceRow);
  }

  async function create(caller: AuthContext, values: FenceValues): Promise<FenceRow> {
    await stationOf(caller, values.stationId);
    const made = await db.transaction(async (tx) => {
      await lock(tx, caller, [values.stationId]);
      await checkOverlap(tx, caller, values);
      const row = await insertFence(tx, caller.tenantId, { ...values, layerOrder: 0 });
      await renumber(tx, caller.tenantId, values.stationId, row.id);
      return row;
    });
    await pushStations(caller.tenantId, [values.stationId]);
    return toFenceRow(await fenceOf(caller, made.id));
  }

  async function update(caller: AuthContext, input: FenceValues & { fenceId: number }): Promise<FenceRow> {
    const { fenceId, ...values } = input;
    const before = await fenceOf(caller, fenceId);
    await stationOf(caller, values.stationId);
    const moving = before.stationId !== values.stationId;
    await db.transaction(async (tx) => {
      await lock(tx, caller, [before.stationId, values.stationId]);
      await checkOverlap(tx, caller, values, fenceId);
      await updateFence(tx, caller.tenantId, fenceId, values);
      if (moving) {
        // It leaves its old station's layers and goes on top of its new station's.
        await renumber(tx, caller.tenantId, before.stationId);
        await renumber(tx, caller.tenantId, values.stationId, fenceId);
      }
    });
    await pushStations(caller.tenantId, [before.stationId, values.stationId]);
    return toFenceRow(await fenceOf(caller, fenceId));
  }

  async function remove(caller: AuthContext, fenceId: number) {
    const before = await fenceOf(caller, fenceId);
    await db.transaction(async (tx) => {
      await lock(tx, caller, [before.stationId]);
      if (!(await deleteFence(tx, caller.tenantId, fenceId))) throw notFound('fences.notFound');
      await renumber(tx, caller.tenantId, before.stationId);
    });
    await pushStations(caller.tenantId, [before.stationId]);
  }

  /** Moves a fence in its station's layers; answers the station's fences, top first. */
  async function sort(caller: AuthContext, input: { fenceId: number; move: LayerMove }): Promise<FenceRow[]> {
    const fence = await fenceOf(caller, input.fenceId);
    await db.transaction(async (tx) => {
      await lock(tx, caller, [fence.stationId]);
      const ids = (await fencesOfStation(tx, caller.tenantId, fence.stationId)).map((f) => f.id);
      await setLayerOrder(tx, caller.tenantId, moved(ids, fence.id, input.move));
    });
    await pushStations(caller.tenantId, [fence.stationId]);
    return list(caller, fence.stationId);
  }

  /**
   * Imports a GeoJSON file into a station: every feature is checked (spec section 5, and the
   * same-priority rule against the station's fences and the other features); any problem refuses
   * the whole file (422 `fences.importFailed`, each problem under `features.<index>`), else all go
   * on top of the station's layers in the file's order, in one transaction.
   */
  async function importFences(caller: AuthContext, input: { stationId: number; text: string }) {
    await stationOf(caller, input.stationId);
    const { fences: parsed, problems } = parseFenceImport(input.text);
    if (problems.length) throw importRefusal(problems);
    await db.transaction(async (tx) => {
      await lock(tx, caller, [input.stationId]);
      const existing = await fencesOfStation(tx, caller.tenantId, input.stationId);
      // The overlap rule once every feature parses: against the station's fences and the file's earlier ones.
      const boxed = (f: { name: string; priority: number; points: LngLat[] }) => ({ ...f, box: boxOf(f.points) });
      const theirs = existing.map(boxed);
      const ours = parsed.map(boxed);
      ours.forEach((fence, index) => {
        const same = (other: { priority: number; points: LngLat[]; box: Box }) =>
          other.priority === fence.priority && clash(fence, other);
        const hit = theirs.find(same) ?? ours.slice(0, index).find(same);
        if (hit) problems.push({ index, name: fence.name, key: 'fences.overlap', params: { name: hit.name } });
      });
      if (problems.length) throw importRefusal(problems);
      const made: number[] = [];
      for (const fence of parsed) {
        const row = await insertFence(tx, caller.tenantId, { ...fence, stationId: input.stationId, layerOrder: 0 });
        made.push(row.id);
      }
      await setLayerOrder(tx, caller.tenantId, [...made, ...existing.map((f) => f.id)]);
    });
    await pushStations(caller.tenantId, [input.stationId]);
    return { imported: parsed.length, problems: [] };
  }

  async function exportFences(caller: AuthContext, stationId?: number): Promise<FenceExport> {
    const rows = await listFences(db, caller.tenantId, stationId);
    return { type: 'FeatureCollection', features: rows.map((row) => fenceToFeature(row)) };
  }

  return { page, list, create, update, remove, sort, importFences, exportFences };
}

/** 422 `fences.importFailed` with the count of features in error and each problem as a field error. */
function importRefusal(problems: ImportProblem[]) {
  const count = new Set(problems.map((p) => p.index)).size;
  return new AppError(
    422,
    'fences.importFailed',
    { count },
    problems.map((p) => ({ path: p.index < 0 ? 'text' : `features.${p.index}`, key: p.key, params: p.params })),
  );
}

export type FencesService = ReturnType<typeof createFencesService>;
