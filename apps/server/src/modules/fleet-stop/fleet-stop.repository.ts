import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { fleetStopRobots, fleetStops } from './fleet-stop.tables.js';

export type FleetStopRow = typeof fleetStops.$inferSelect;

/** The tenant's stop row (in force or not), or undefined when the tenant was never stopped. */
export async function findFleetStop(db: DbOrTx, tenantId: number): Promise<FleetStopRow | undefined> {
  const [row] = await db.select().from(fleetStops).where(inTenant(fleetStops, tenantId)).limit(1);
  return row;
}

/** Puts a stop in force unless one is; answers the row and whether this call started it. */
export async function startFleetStop(
  db: DbOrTx,
  tenantId: number,
  by: { id: number; name: string },
  at: Date,
): Promise<{ row: FleetStopRow; started: boolean }> {
  const started = await db
    .insert(fleetStops)
    .values({ tenantId, active: true, stoppedById: by.id, stoppedByName: by.name, stoppedAt: at })
    .onConflictDoUpdate({
      target: fleetStops.tenantId,
      set: { active: true, stoppedById: by.id, stoppedByName: by.name, stoppedAt: at },
      setWhere: eq(fleetStops.active, false),
    })
    .returning();
  if (started[0]) return { row: started[0], started: true };
  const row = await findFleetStop(db, tenantId);
  if (!row) throw new Error(`fleet stop of tenant ${tenantId} vanished`);
  return { row, started: false };
}

/** Ends the stop in force; answers the row when this call ended it. */
export async function endFleetStop(
  db: DbOrTx,
  tenantId: number,
  by: { id: number; name: string },
  at: Date,
): Promise<FleetStopRow | undefined> {
  const [row] = await db
    .update(fleetStops)
    .set({ active: false, resumedById: by.id, resumedByName: by.name, resumedAt: at })
    .where(inTenant(fleetStops, tenantId, eq(fleetStops.active, true)))
    .returning();
  return row;
}

/** Adds robots to those the stop holds; answers the ids that were not held yet. */
export async function holdRobots(db: DbOrTx, tenantId: number, robotIds: number[]): Promise<number[]> {
  if (robotIds.length === 0) return [];
  const rows = await db
    .insert(fleetStopRobots)
    .values(robotIds.map((robotId) => ({ tenantId, robotId })))
    .onConflictDoNothing()
    .returning({ robotId: fleetStopRobots.robotId });
  return rows.map((r) => r.robotId);
}

/** Lets every held robot go; answers their ids. */
export async function releaseRobots(db: DbOrTx, tenantId: number): Promise<number[]> {
  const rows = await db
    .delete(fleetStopRobots)
    .where(inTenant(fleetStopRobots, tenantId))
    .returning({ robotId: fleetStopRobots.robotId });
  return rows.map((r) => r.robotId);
}

export async function countHeldRobots(db: DbOrTx, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fleetStopRobots).where(inTenant(fleetStopRobots, tenantId));
  return row?.n ?? 0;
}

export async function isRobotHeld(db: DbOrTx, tenantId: number, robotId: number): Promise<boolean> {
  const [row] = await db
    .select({ robotId: fleetStopRobots.robotId })
    .from(fleetStopRobots)
    .where(inTenant(fleetStopRobots, tenantId, eq(fleetStopRobots.robotId, robotId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Claims the answer to one reconnect of a held robot: true for the one caller that marks `onlineKey`
 * first, false when the robot is not held or that reconnect was claimed already.
 */
export async function claimReconnect(db: DbOrTx, tenantId: number, robotId: number, onlineKey: number) {
  const rows = await db
    .update(fleetStopRobots)
    .set({ onlineKey })
    .where(
      inTenant(
        fleetStopRobots,
        tenantId,
        eq(fleetStopRobots.robotId, robotId),
        or(isNull(fleetStopRobots.onlineKey), ne(fleetStopRobots.onlineKey, onlineKey)),
        sql`exists (select 1 from ${fleetStops} where ${and(eq(fleetStops.tenantId, tenantId), eq(fleetStops.active, true))})`,
      ),
    )
    .returning({ robotId: fleetStopRobots.robotId });
  return rows.length > 0;
}
