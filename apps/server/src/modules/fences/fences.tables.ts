import type { FenceKind, LngLat } from '@patrol/contracts';
import { boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';
import { stations } from '../stations/stations.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * An electronic fence (a layer) of a station: a polygon its robots obey by its kind. `layerOrder`
 * runs 1 (the top layer) to n within the station.
 */
export const fences = pgTable(
  'fences',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    stationId: integer()
      .notNull()
      .references(() => stations.id),
    name: varchar({ length: 50 }).notNull(),
    kind: varchar({ length: 16 }).$type<FenceKind>().notNull(),
    priority: integer().notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    collected: boolean().notNull().default(false),
    /** WGS84 `[lng, lat]` nodes of the open ring. */
    points: jsonb().$type<LngLat[]>().notNull(),
    layerOrder: integer().notNull(),
    ...timestamps(),
  },
  (t) => [index('fences_tenant_idx').on(t.tenantId), index('fences_station_idx').on(t.stationId, t.layerOrder)],
);
