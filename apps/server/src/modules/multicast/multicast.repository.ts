import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import type { MulticastSortColumn, SortRequest } from '@patrol/contracts';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { robots } from '../robots/robots.tables.js';
import { multicastConfigRobots, multicastConfigs } from './multicast.tables.js';

export type MulticastDbRow = typeof multicastConfigs.$inferSelect;
export type MulticastValues = Omit<typeof multicastConfigs.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

const MULTICAST_SORT = {
  name: multicastConfigs.name,
  // As addresses (the contract admits only IPv4 and IPv6 ones): 239.0.0.9 before 239.0.0.10.
  ip: sql`${multicastConfigs.ip}::inet`,
  updateTime: multicastConfigs.updatedAt,
};

/** A tenant's multicast configs, newest first unless sorted by a column. */
export async function pageMulticast(
  db: DbOrTx,
  tenantId: number,
  keyword: string | undefined,
  sort: SortRequest<MulticastSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    multicastConfigs,
    tenantId,
    keyword
      ? or(ilike(multicastConfigs.name, likePattern(keyword)), ilike(multicastConfigs.ip, likePattern(keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(multicastConfigs)
      .where(where)
      .orderBy(...orderOf(sort, MULTICAST_SORT, multicastConfigs.id, [desc(multicastConfigs.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(multicastConfigs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMulticast(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(multicastConfigs)
    .where(inTenant(multicastConfigs, tenantId, eq(multicastConfigs.id, id)))
    .limit(1);
  return row;
}

/** The robots of these configs, with their names and serials. */
export async function robotsOfConfigs(db: DbOrTx, tenantId: number, configIds: number[]) {
  if (configIds.length === 0) return [];
  return db
    .select({
      configId: multicastConfigRobots.configId,
      robotId: robots.id,
      name: robots.name,
      serialNumber: robots.serialNumber,
    })
    .from(multicastConfigRobots)
    .innerJoin(robots, eq(robots.id, multicastConfigRobots.robotId))
    .where(inTenant(multicastConfigRobots, tenantId, inArray(multicastConfigRobots.configId, configIds)))
    .orderBy(robots.name);
}

/** Robots among `robotIds` that belong to another config than `exceptConfigId`. */
export async function robotsInOtherConfigs(db: DbOrTx, tenantId: number, robotIds: number[], exceptConfigId?: number) {
  if (robotIds.length === 0) return [];
  const rows = await db
    .select({ robotId: multicastConfigRobots.robotId, configId: multicastConfigRobots.configId })
    .from(multicastConfigRobots)
    .where(inTenant(multicastConfigRobots, tenantId, inArray(multicastConfigRobots.robotId, robotIds)));
  return rows.filter((r) => r.configId !== exceptConfigId).map((r) => r.robotId);
}

export async function insertMulticast(db: DbOrTx, tenantId: number, values: MulticastValues) {
  const [row] = await db
    .insert(multicastConfigs)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateMulticast(db: DbOrTx, tenantId: number, id: number, values: MulticastValues) {
  await db
    .update(multicastConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(multicastConfigs, tenantId, eq(multicastConfigs.id, id)));
}

export async function deleteMulticast(db: DbOrTx, tenantId: number, id: number) {
  await db.delete(multicastConfigs).where(inTenant(multicastConfigs, tenantId, eq(multicastConfigs.id, id)));
}

/** The config's robots become exactly these. */
export async function setConfigRobots(db: DbOrTx, tenantId: number, configId: number, robotIds: number[]) {
  await db
    .delete(multicastConfigRobots)
    .where(inTenant(multicastConfigRobots, tenantId, eq(multicastConfigRobots.configId, configId)));
  if (robotIds.length) {
    await db.insert(multicastConfigRobots).values(robotIds.map((robotId) => ({ tenantId, configId, robotId })));
  }
}

/** The config a robot takes part in (any tenant: the robot's own), with its serial. */
export async function configOfRobot(db: DbOrTx, robotId: number) {
  const [row] = await db
    .select({ config: multicastConfigs })
    .from(multicastConfigRobots)
    .innerJoin(multicastConfigs, eq(multicastConfigs.id, multicastConfigRobots.configId))
    .where(eq(multicastConfigRobots.robotId, robotId))
    .limit(1);
  return row?.config;
}

/** Robots leaving a tenant leave its configs. */
export async function removeRobotsFromConfigs(db: DbOrTx, tenantId: number, robotIds: number[]) {
  if (robotIds.length === 0) return;
  await db
    .delete(multicastConfigRobots)
    .where(and(eq(multicastConfigRobots.tenantId, tenantId), inArray(multicastConfigRobots.robotId, robotIds)));
}
