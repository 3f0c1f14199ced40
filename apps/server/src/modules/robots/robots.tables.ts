import type { RobotCamera, RobotTelemetry } from '@patrol/contracts';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from '../../db/columns.js';
import { stations } from '../stations/stations.tables.js';
import { tenants } from '../tenants/tenants.tables.js';

/**
 * A registered robot. Its serial number is its identity on the wire (MQTT client id and topics),
 * unique across tenants. Only the public key is kept; the private key is handed out once.
 */
export const robots = pgTable(
  'robots',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    productId: varchar({ length: 64 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull().unique('robots_serial_number_unique'),
    name: varchar({ length: 50 }).notNull(),
    /** SPKI PEM of the Ed25519 public key that checks the robot's MQTT token. */
    publicKey: text().notNull(),
    /** Counts key rotations; the robot's token names it (`kv`). */
    keyVersion: integer().notNull().default(1),
    online: boolean().notNull().default(false),
    lastSeenAt: at(),
    /** The latest telemetry, written in batches by the instance that received it. */
    lastState: jsonb().$type<RobotTelemetry>(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** The station the robot belongs to: it obeys that station's fences. */
    stationId: integer().references(() => stations.id),
    /** The cameras the robot announced when it last came online (docs/video.md). */
    cameras: jsonb().$type<RobotCamera[]>().notNull().default([]),
    /**
     * Out of service: an open work order of its tenant says "stopped for repair". Kept by the work
     * orders module (`setRobotStoppedForRepair`); runs are not dispatched to it.
     */
    stoppedForRepair: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('robots_tenant_idx').on(t.tenantId)],
);
