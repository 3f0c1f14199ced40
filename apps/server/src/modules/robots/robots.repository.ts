import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { RobotSortColumn, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { stations } from '../stations/stations.tables.js';
import { robots } from './robots.tables.js';

export type RobotDbRow = typeof robots.$inferSelect;

const ROBOT_SORT = {
  name: robots.name,
  serialNumber: robots.serialNumber,
  productId: robots.productId,
  lastSeenTime: robots.lastSeenAt,
  createTime: robots.createdAt,
};

/** A tenant's robots (those of `robotIds` only, when given), newest first unless sorted by a column. */
export async function pageRobots(
  db: DbOrTx,
  tenantId: number,
  filter: {
    keyword?: string | undefined;
    online?: boolean | undefined;
    robotIds?: number[] | undefined;
    stationId?: number | undefined;
  } & SortRequest<RobotSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    robots,
    tenantId,
    filter.keyword
      ? or(
          ilike(robots.name, likePattern(filter.keyword)),
          ilike(robots.serialNumber, likePattern(filter.keyword)),
          ilike(robots.productId, likePattern(filter.keyword)),
        )
      : undefined,
    filter.online === undefined ? undefined : eq(robots.online, filter.online),
    filter.robotIds ? inArray(robots.id, filter.robotIds) : undefined,
    filter.stationId === undefined ? undefined : eq(robots.stationId, filter.stationId),
  );
  const order = orderOf(filter, ROBOT_SORT, robots.id, [desc(robots.id)]);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(robots), stationName: stations.name })
      .from(robots)
      // Only a station of the robot's own tenant is ever named.
      .leftJoin(stations, and(eq(stations.id, robots.stationId), eq(stations.tenantId, robots.tenantId)))
      .where(where)
      .orderBy(...order)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(robots).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRobot(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(robots)
    .where(inTenant(robots, tenantId, eq(robots.id, id)))
    .limit(1);
  return row;
}

/**
 * A robot by serial number in any tenant: the serial is the robot's identity on the wire, where no
 * tenant is known yet (MQTT authentication and the gateway). Never used to answer a console request.
 */
export async function findRobotBySerial(db: DbOrTx, serialNumber: string) {
  const [row] = await db.select().from(robots).where(eq(robots.serialNumber, serialNumber)).limit(1);
  return row;
}

/** Every robot with what the live map needs, for an instance's start. */
export async function listAllRobots(db: DbOrTx) {
  return db.select().from(robots);
}

export async function findRobotById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(robots).where(eq(robots.id, id)).limit(1);
  return row;
}

export async function listTenantRobots(db: DbOrTx, tenantId: number) {
  return db.select().from(robots).where(inTenant(robots, tenantId)).orderBy(robots.name);
}

export async function insertRobot(
  db: DbOrTx,
  tenantId: number,
  row: { productId: string; serialNumber: string; name: string; publicKey: string },
): Promise<RobotDbRow> {
  const [inserted] = await db
    .insert(robots)
    .values({ ...row, tenantId })
    .onConflictDoNothing({ target: robots.serialNumber })
    .returning();
  return inserted!;
}

export async function updateRobot(
  db: DbOrTx,
  tenantId: number,
  id: number,
  values: { productId?: string; name?: string; publicKey?: string; keyVersion?: number },
) {
  const [row] = await db
    .update(robots)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(robots, tenantId, eq(robots.id, id)))
    .returning();
  return row;
}

export async function deleteRobot(db: DbOrTx, tenantId: number, id: number) {
  const rows = await db
    .delete(robots)
    .where(inTenant(robots, tenantId, eq(robots.id, id)))
    .returning({ id: robots.id });
  return rows.length > 0;
}

/** Presence from the robot's `online` topic (any tenant: the gateway knows the robot by serial). */
export async function setRobotOnline(db: DbOrTx, id: number, online: boolean, at: Date) {
  await db.update(robots).set({ online, lastSeenAt: at }).where(eq(robots.id, id));
}

/**
 * Locks robots of the tenant (lowest id first) until the transaction ends, and answers them: work
 * orders decide a robot's "stopped for repair" from its open orders one transaction at a time.
 */
export async function lockTenantRobots(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(robots)
    .where(inTenant(robots, tenantId, inArray(robots.id, [...new Set(ids)])))
    .orderBy(robots.id)
    .for('update');
}

/** Marks a robot of the tenant out of service for repair, or back in service (work orders). */
export async function setRobotStoppedForRepair(db: DbOrTx, tenantId: number, robotId: number, stopped: boolean) {
  await db
    .update(robots)
    .set({ stoppedForRepair: stopped })
    .where(inTenant(robots, tenantId, eq(robots.id, robotId)));
}

/** After the embedded broker starts, nobody is connected yet. */
export async function setAllRobotsOffline(db: DbOrTx) {
  await db.update(robots).set({ online: false }).where(eq(robots.online, true));
}

/** Writes the latest telemetry of many robots in one statement. */
export async function saveLatestStates(
  db: DbOrTx,
  items: { id: number; state: unknown; lat: number; lng: number; seenAt: Date }[],
) {
  if (items.length === 0) return;
  const values = sql.join(
    items.map(
      (i) =>
        sql`(${i.id}::int, ${JSON.stringify(i.state)}::jsonb, ${i.lat}::float8, ${i.lng}::float8, ${i.seenAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update robots as r set last_state = v.state, lat = v.lat, lng = v.lng, last_seen_at = v.seen_at
    from (values ${values}) as v(id, state, lat, lng, seen_at)
    where r.id = v.id`);
}

/** Robots by id in any tenant (the platform's robot migration). */
export async function findRobotsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(robots).where(inArray(robots.id, ids));
}

/** Moves robots to another tenant (the platform's robot migration). */
/**
 * Moves robots to a tenant. The old tenant's work orders no longer take a robot out of service in
 * its new one, so it arrives in service.
 */
export async function setRobotsTenant(db: DbOrTx, ids: number[], tenantId: number) {
  await db
    .update(robots)
    .set({ tenantId, stoppedForRepair: false, updatedAt: new Date() })
    .where(inArray(robots.id, ids));
}

/** These robots of the tenant (ids of other tenants, or unknown ones, are left out). */
export async function findTenantRobots(db: DbOrTx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(robots)
    .where(inTenant(robots, tenantId, inArray(robots.id, ids)));
}

/** The name of a robot's station, or null. */
export async function stationNameOf(db: DbOrTx, tenantId: number, stationId: number | null) {
  if (stationId === null) return null;
  const [row] = await db
    .select({ name: stations.name })
    .from(stations)
    .where(inTenant(stations, tenantId, eq(stations.id, stationId)))
    .limit(1);
  return row?.name ?? null;
}

/** Puts these robots of the tenant in a station, or takes them out of theirs (null). */
export async function setRobotsStation(db: DbOrTx, tenantId: number, ids: number[], stationId: number | null) {
  if (ids.length === 0) return;
  await db
    .update(robots)
    .set({ stationId, updatedAt: new Date() })
    .where(inTenant(robots, tenantId, inArray(robots.id, ids)));
}

/** The ids of the robots of a station. */
export async function robotIdsOfStation(db: DbOrTx, tenantId: number, stationId: number) {
  const rows = await db
    .select({ id: robots.id })
    .from(robots)
    .where(inTenant(robots, tenantId, eq(robots.stationId, stationId)));
  return rows.map((r) => r.id);
}
