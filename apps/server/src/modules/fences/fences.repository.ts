import { asc, count, eq, ilike, inArray, max, ne, or } from 'drizzle-orm';
import type { FenceKind, FenceSortColumn, LngLat, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { stations } from '../stations/stations.tables.js';
import { fences } from './fences.tables.js';

export type FenceDbRow = typeof fences.$inferSelect;
export type FenceNamed = FenceDbRow & { stationName: string };
export type FenceValues = {
  name: string;
  kind: FenceKind;
  priority: number;
  stationId: number;
  description: string;
  collected: boolean;
  points: LngLat[];
};

const FENCE_SORT = {
  layerOrder: fences.layerOrder,
  name: fences.name,
  priority: fences.priority,
  updateTime: fences.updatedAt,
};

/** Station, then layer (top first): the order fences are listed and pushed in. */
const BY_LAYER = [asc(stations.name), asc(fences.stationId), asc(fences.layerOrder), asc(fences.id)];

type Filter = { keyword?: string | undefined; stationId?: number | undefined; kind?: FenceKind | undefined };

function whereOf(tenantId: number, filter: Filter) {
  return inTenant(
    fences,
    tenantId,
    filter.keyword
      ? or(ilike(fences.name, likePattern(filter.keyword)), ilike(fences.description, likePattern(filter.keyword)))
      : undefined,
    filter.stationId === undefined ? undefined : eq(fences.stationId, filter.stationId),
    filter.kind === undefined ? undefined : eq(fences.kind, filter.kind),
  );
}

/** A tenant's fences with their station's name, by station and layer unless sorted by a column. */
export async function pageFences(
  db: DbOrTx,
  tenantId: number,
  filter: Filter & SortRequest<FenceSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = whereOf(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ fence: fences, stationName: stations.name })
      .from(fences)
      .innerJoin(stations, eq(stations.id, fences.stationId))
      .where(where)
      .orderBy(...orderOf(filter, FENCE_SORT, fences.id, BY_LAYER))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(fences).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

const flatten = (r: { fence: FenceDbRow; stationName: string }): FenceNamed => ({
  ...r.fence,
  stationName: r.stationName,
});

/** Every fence of a tenant (of a station), by station and layer, top first. */
export async function listFences(db: DbOrTx, tenantId: number, stationId?: number) {
  const rows = await db
    .select({ fence: fences, stationName: stations.name })
    .from(fences)
    .innerJoin(stations, eq(stations.id, fences.stationId))
    .where(whereOf(tenantId, { stationId }))
    .orderBy(...BY_LAYER);
  return rows.map(flatten);
}

export async function findFence(db: DbOrTx, tenantId: number, id: number): Promise<FenceNamed | undefined> {
  const [row] = await db
    .select({ fence: fences, stationName: stations.name })
    .from(fences)
    .innerJoin(stations, eq(stations.id, fences.stationId))
    .where(inTenant(fences, tenantId, eq(fences.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The fences of a station with this priority (`exceptId` left out): those a fence must not overlap. */
export async function samePriorityFences(
  db: DbOrTx,
  tenantId: number,
  stationId: number,
  priority: number,
  exceptId?: number,
) {
  return db
    .select({ id: fences.id, name: fences.name, points: fences.points })
    .from(fences)
    .where(
      inTenant(
        fences,
        tenantId,
        eq(fences.stationId, stationId),
        eq(fences.priority, priority),
        exceptId ? ne(fences.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(fences.layerOrder));
}

/** Every fence of a station, top layer first, for the same-priority check of an import. */
export async function fencesOfStation(db: DbOrTx, tenantId: number, stationId: number) {
  return db
    .select()
    .from(fences)
    .where(inTenant(fences, tenantId, eq(fences.stationId, stationId)))
    .orderBy(asc(fences.layerOrder), asc(fences.id));
}

/** The fences of these stations, top layer first (what their robots are told). */
export async function fencesOfStations(db: DbOrTx, tenantId: number, stationIds: number[]) {
  if (stationIds.length === 0) return [];
  return db
    .select()
    .from(fences)
    .where(inTenant(fences, tenantId, inArray(fences.stationId, stationIds)))
    .orderBy(asc(fences.layerOrder), asc(fences.id));
}

/** The number below the station's bottom layer: where a new fence goes. */
export async function nextLayerOrder(db: DbOrTx, tenantId: number, stationId: number) {
  const [row] = await db
    .select({ n: max(fences.layerOrder) })
    .from(fences)
    .where(inTenant(fences, tenantId, eq(fences.stationId, stationId)));
  return (row?.n ?? 0) + 1;
}

export async function insertFence(db: DbOrTx, tenantId: number, values: FenceValues & { layerOrder: number }) {
  const [row] = await db
    .insert(fences)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateFence(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: FenceValues & { layerOrder?: number },
) {
  const [row] = await db
    .update(fences)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(fences, tenantId, eq(fences.id, id)))
    .returning();
  return row;
}

export async function deleteFence(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(fences)
    .where(inTenant(fences, tenantId, eq(fences.id, id)))
    .returning({ id: fences.id });
  return rows.length > 0;
}

/** Writes the layer order of a station's fences: `ids` top first become 1..n. */
export async function setLayerOrder(db: DbOrTx, tenantId: number, ids: number[]) {
  for (const [i, id] of ids.entries()) {
    await db
      .update(fences)
      .set({ layerOrder: i + 1 })
      .where(inTenant(fences, tenantId, eq(fences.id, id)));
  }
}

/**
 * Locks these stations' rows until the transaction ends: writes to one station's fences (the
 * overlap rule, the layer numbers) take turns. In id order, so two writers never wait on each other.
 * Answers how many it found (a station deleted meanwhile is missing).
 */
export async function lockStations(tx: DbOrTx, tenantId: number, stationIds: number[]) {
  const ids = [...new Set(stationIds)].sort((a, b) => a - b);
  if (ids.length === 0) return 0;
  const rows = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(inTenant(stations, tenantId, inArray(stations.id, ids)))
    .orderBy(asc(stations.id))
    .for('update');
  return rows.length;
}
