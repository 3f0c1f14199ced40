import type { LngLat, Page, SortRequest, StationRow, StationSortColumn } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, notFound, sqlStateOf } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { jobNamesOfStation } from '../jobs/jobs.shared.js';
import { findTenantRobots, robotIdsOfStation, setRobotsStation } from '../robots/robots.shared.js';
import { inScope, robotScope } from '../user-robots/user-robots.scope.js';
import {
  deleteStation,
  findStation,
  insertStation,
  listStations,
  membersOfStation,
  pageStations,
  stationNamed,
  updateStation,
  type StationCounted,
} from './stations.repository.js';

const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** The same name saved by another request meanwhile: the unique index refuses, answered like the check. */
function nameTakenMeanwhile(error: unknown): never {
  if (sqlStateOf(error) === UNIQUE_VIOLATION) throw conflictOn('name', 'stations.nameTaken');
  throw error;
}

/** How many names a refusal lists before it says "…". */
const NAMES_SHOWN = 10;

export const listNames = (names: string[]) =>
  names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')}, …` : names.join(', ');

export function toStationRow(row: StationCounted): StationRow {
  return {
    stationId: row.id,
    name: row.name,
    area: row.area,
    robotCount: row.robotCount,
    fenceCount: row.fenceCount,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/**
 * Stations of a tenant, and which robots belong to each. A robot obeys its station's fences: every
 * change that alters what a robot must obey is pushed to it (`push`, the robots' config topic).
 */
export function createStationsService(ctx: AppContext, deps: { push: (robotIds: number[]) => Promise<void> }) {
  const { db } = ctx;

  async function stationOf(caller: AuthContext, stationId: number) {
    const row = await findStation(db, caller.tenantId, stationId);
    if (!row) throw notFound('stations.notFound');
    return row;
  }

  async function checkName(caller: AuthContext, name: string, exceptId?: number) {
    if (await stationNamed(db, caller.tenantId, name, exceptId)) throw conflictOn('name', 'stations.nameTaken');
  }

  async function page(
    caller: AuthContext,
    query: { index: number; size?: number | undefined; keyword?: string | undefined } & SortRequest<StationSortColumn>,
  ): Promise<Page<StationRow>> {
    const { rows, total } = await pageStations(db, caller.tenantId, query.keyword, query, pageWindow(query));
    return { rows: rows.map(toStationRow), total };
  }

  async function list(caller: AuthContext): Promise<StationRow[]> {
    return (await listStations(db, caller.tenantId)).map(toStationRow);
  }

  async function create(caller: AuthContext, input: { name: string; area: LngLat[] }): Promise<StationRow> {
    await checkName(caller, input.name);
    const made = await insertStation(db, caller.tenantId, input).catch(nameTakenMeanwhile);
    return toStationRow(await stationOf(caller, made.id));
  }

  async function update(
    caller: AuthContext,
    input: { stationId: number; name: string; area: LngLat[] },
  ): Promise<StationRow> {
    const { stationId, ...values } = input;
    await stationOf(caller, stationId);
    await checkName(caller, values.name, stationId);
    await updateStation(db, caller.tenantId, stationId, values).catch(nameTakenMeanwhile);
    await deps.push(await robotIdsOfStation(db, caller.tenantId, stationId));
    return toStationRow(await stationOf(caller, stationId));
  }

  /** Refused (409 `stations.inUse`, naming them) while robots or fences belong to the station. */
  async function remove(caller: AuthContext, stationId: number) {
    await stationOf(caller, stationId);
    await refuseInUse(caller, stationId);
    try {
      if (!(await deleteStation(db, caller.tenantId, stationId))) throw notFound('stations.notFound');
    } catch (error) {
      // A robot or fence that joined meanwhile: the foreign key refuses, and the answer names it.
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) await refuseInUse(caller, stationId);
      throw error;
    }
  }

  async function refuseInUse(caller: AuthContext, stationId: number) {
    const members = await membersOfStation(db, caller.tenantId, stationId);
    const jobs = await jobNamesOfStation(db, caller.tenantId, stationId);
    const fields = [
      members.robots.length
        ? { path: 'robots', key: 'stations.inUseRobots', params: { names: listNames(members.robots) } }
        : null,
      members.fences.length
        ? { path: 'fences', key: 'stations.inUseFences', params: { names: listNames(members.fences) } }
        : null,
      jobs.length ? { path: 'jobs', key: 'stations.inUseJobs', params: { names: listNames(jobs) } } : null,
    ].filter((f) => f !== null);
    if (fields.length) {
      const names = listNames([...members.robots, ...members.fences, ...jobs]);
      throw new AppError(409, 'stations.inUse', { names }, fields);
    }
  }

  /**
   * Puts robots in a station, or takes them out (null). Only robots of the tenant that the caller
   * sees; any other is 404 and nothing changes.
   */
  async function assign(caller: AuthContext, input: { robotIds: number[]; stationId: number | null }) {
    const robotIds = [...new Set(input.robotIds)];
    if (input.stationId !== null) await stationOf(caller, input.stationId);
    const found = await findTenantRobots(db, caller.tenantId, robotIds);
    const scope = await robotScope(db, caller);
    if (found.length !== robotIds.length || robotIds.some((id) => !inScope(scope, id))) {
      throw notFound('robots.notFound');
    }
    await setRobotsStation(db, caller.tenantId, robotIds, input.stationId);
    await deps.push(robotIds);
  }

  return { page, list, create, update, remove, assign };
}

export type StationsService = ReturnType<typeof createStationsService>;
