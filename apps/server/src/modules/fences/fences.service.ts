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

  async function checkOverlap(caller: AuthContext, values: FenceValues, exceptId?: number) {
    const others = await samePriorityFences(db, caller.tenantId, values.stationId, values.priority, exceptId);
    const hit = others.find((other) => polygonsOverlap(values.points, other.points));
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
    await checkOverlap(caller, values);
    const made = await db.transaction(async (tx) => {
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
    await checkOverlap(caller, values, fenceId);
    const moving = before.stationId !== values.stationId;
    await db.transaction(async (tx) => {
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
      if (!(await deleteFence(tx, caller.tenantId, fenceId))) throw notFound('fences.notFound');
      await renumber(tx, caller.tenantId, before.stationId);
    });
    await pushStations(caller.tenantId, [before.stationId]);
  }

  /** Moves a fence in its station's layers; answers the station's fences, top first. */
  async function sort(caller: AuthContext, input: { fenceId: number; move: LayerMove }): Promise<FenceRow[]> {
    const fence = await fenceOf(caller, input.fenceId);
    await db.transaction(async (tx) => {
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
    const existing = await fencesOfStation(db, caller.tenantId, input.stationId);
    if (problems.length === 0) {
      parsed.forEach((fence, index) => {
        const clash =
          existing.find((other) => other.priority === fence.priority && polygonsOverlap(fence.points, other.points)) ??
          parsed
            .slice(0, index)
            .find((other) => other.priority === fence.priority && polygonsOverlap(fence.points, other.points));
        if (clash) problems.push({ index, name: fence.name, key: 'fences.overlap', params: { name: clash.name } });
      });
    }
    if (problems.length) throw importRefusal(problems);
    await db.transaction(async (tx) => {
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
