import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { areaNodes, areaNodesText, lngLat } from './geometry.js';

/**
 * Stations (spec section 3: name, drawn area): a site's part that robots, fences and jobs belong to.
 */
const name = z
  .string({ error: 'stations.nameRequired' })
  .trim()
  .min(1, { message: 'stations.nameRequired', abort: true })
  .max(TEXT_MAX.stationName, 'stations.nameTooLong');

const fields = { name, area: areaNodes };

/** POST robot-server/station/create */
export const createStationRequest = z.object(fields);
export type CreateStationRequest = z.input<typeof createStationRequest>;
/** The station dialog: the name and the area as JSON text kept in step with the drawn shape. */
export const stationForm = z.object({ name, areaText: areaNodesText });

/** POST robot-server/station/update */
export const updateStationRequest = z.object({ stationId: rowId, ...fields });
export type UpdateStationRequest = z.input<typeof updateStationRequest>;
/** POST robot-server/station/delete: refused (409 `stations.inUse`) while robots, fences or jobs belong to it. */
export const stationIdRequest = z.object({ stationId: rowId });

export const STATION_SORT_COLUMNS = ['name', 'updateTime'] as const;
export type StationSortColumn = (typeof STATION_SORT_COLUMNS)[number];
/** GET robot-server/station/page */
export const stationPageQuery = pageQuery.extend({ keyword: keywordFilter, ...sortQuery(STATION_SORT_COLUMNS) });

export const stationRow = z.object({
  stationId: z.number().int(),
  name: z.string(),
  /** WGS84 `[lng, lat]` nodes of the open ring. */
  area: z.array(lngLat),
  robotCount: z.number().int(),
  fenceCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type StationRow = z.infer<typeof stationRow>;
export const stationPage = pageOf(stationRow);
/** GET robot-server/station/list: every station of the tenant (for selects and the maps). */
export const stationList = z.array(stationRow);

/** POST robot-server/robot/station: robots join a station, or leave theirs (stationId null). */
export const assignStationRequest = z.object({
  robotIds: z.array(rowId).min(1, 'validation.required').max(1000, 'validation.invalid'),
  stationId: rowId.nullable(),
});
export type AssignStationRequest = z.input<typeof assignStationRequest>;
