import { asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { LngLat, SortRequest, StationSortColumn } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { fences } from '../fences/fences.tables.js';
import { robots } from '../robots/robots.tables.js';
import { stations } from './stations.tables.js';

export type StationDbRow = typeof stations.$inferSelect;
export type StationCounted = StationDbRow & { robotCount: number; fenceCount: number };

const STATION_SORT = { name: stations.name, updateTime: stations.updatedAt };

// Written out: Drizzle leaves the columns of a one-table select unqualified, which a subquery would misread.
const robotCount = sql<number>`(select count(*)::int from "robots" r where r."station_id" = "stations"."id")`;
const fenceCount = sql<number>`(select count(*)::int from "fences" f where f."station_id" = "stations"."id")`;

/** A tenant's stations with how many robots and fences belong to each, by name unless sorted by a column. */
export async function pageStations(
  db: DbOrTx,
  tenantId: number,
  keyword: string | undefined,
  sort: SortRequest<StationSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(stations, tenantId, keyword ? ilike(stations.name, likePattern(keyword)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ station: stations, robotCount, fenceCount })
      .from(stations)
      .where(where)
      .orderBy(...orderOf(sort, STATION_SORT, stations.id, [asc(stations.name), asc(stations.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(stations).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

function flatten(r: { station: StationDbRow; robotCount: number; fenceCount: number }): StationCounted {
  return { ...r.station, robotCount: Number(r.robotCount), fenceCount: Number(r.fenceCount) };
}

/** Every station of a tenant, by name. */
export async function listStations(db: DbOrTx, tenantId: number) {
  const rows = await db
    .select({ station: stations, robotCount, fenceCount })
    .from(stations)
    .where(inTenant(stations, tenantId))
    .orderBy(asc(stations.name), asc(stations.id));
  return rows.map(flatten);
}

export async function findStation(db: DbOrTx, tenantId: number, id: number): Promise<StationCounted | undefined> {
  const [row] = await db
    .select({ station: stations, robotCount, fenceCount })
    .from(stations)
    .where(inTenant(stations, tenantId, eq(stations.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** Another station of the tenant with this name (`exceptId` left out). */
export async function stationNamed(db: DbOrTx, tenantId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(inTenant(stations, tenantId, eq(stations.name, name), exceptId ? ne(stations.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function insertStation(db: DbOrTx, tenantId: number, values: { name: string; area: LngLat[] }) {
  const [row] = await db
    .insert(stations)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateStation(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: { name: string; area: LngLat[] },
) {
  const [row] = await db
    .update(stations)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(stations, tenantId, eq(stations.id, id)))
    .returning();
  return row;
}

export async function deleteStation(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(stations)
    .where(inTenant(stations, tenantId, eq(stations.id, id)))
    .returning({ id: stations.id });
  return rows.length > 0;
}

/** Names of the robots and fences that belong to a station (what keeps it from being deleted). */
export async function membersOfStation(db: DbOrTx, tenantId: number, id: number) {
  const [robotRows, fenceRows] = await Promise.all([
    db
      .select({ name: robots.name })
      .from(robots)
      .where(inTenant(robots, tenantId, eq(robots.stationId, id)))
      .orderBy(robots.name),
    db
      .select({ name: fences.name })
      .from(fences)
      .where(inTenant(fences, tenantId, eq(fences.stationId, id)))
      .orderBy(fences.layerOrder),
  ]);
  return { robots: robotRows.map((r) => r.name), fences: fenceRows.map((r) => r.name) };
}

/** Station names by id, of the tenant. */
export async function stationNames(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: stations.id, name: stations.name })
    .from(stations)
    .where(inTenant(stations, tenantId, inArray(stations.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
