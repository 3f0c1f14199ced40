import type { LngLat } from '@patrol/contracts';
import { integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.js';
import { tenants } from '../tenants/tenants.tables.js';

/** A station of a tenant: a named part of the site, drawn as a polygon, that robots, fences and jobs belong to. */
export const stations = pgTable(
  'stations',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    name: varchar({ length: 50 }).notNull(),
    /** WGS84 `[lng, lat]` nodes of the open ring. */
    area: jsonb().$type<LngLat[]>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('stations_tenant_name_unique').on(t.tenantId, t.name)],
);
