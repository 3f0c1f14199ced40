import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { pointClouds } from './point-clouds.tables.js';

export type PointCloudDbRow = typeof pointClouds.$inferSelect;

/**
 * Records a cloud unless the robot already uploaded one with this id (then nothing is written and
 * the answer is null): the unique index on robot and upload id decides, so two retries racing each
 * other store one row.
 */
export async function insertPointCloud(db: DbOrTx, row: typeof pointClouds.$inferInsert) {
  const [inserted] = await db.insert(pointClouds).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/**
 * The cloud a robot uploaded with this id, in whichever tenant it went to: a robot's retry is
 * answered with its first upload even after the robot moved to another tenant. The robot's own
 * question, never a console user's.
 */
export async function findRobotUpload(db: DbOrTx, robotId: number, messageId: string) {
  const [row] = await db
    .select()
    .from(pointClouds)
    .where(and(eq(pointClouds.robotId, robotId), eq(pointClouds.messageId, messageId)))
    .limit(1);
  return row ?? null;
}

export async function findPointCloud(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(pointClouds)
    .where(inTenant(pointClouds, tenantId, eq(pointClouds.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deletePointCloudRow(db: DbOrTx, tenantId: number, id: number) {
  const deleted = await db
    .delete(pointClouds)
    .where(inTenant(pointClouds, tenantId, eq(pointClouds.id, id)))
    .returning({ id: pointClouds.id });
  return deleted.length > 0;
}

/** A tenant's clouds, the latest scan first. */
export async function pagePointClouds(
  db: DbOrTx,
  tenantId: number,
  filter: {
    robotId?: number | undefined;
    robotIds?: number[] | undefined;
    startTime?: Date | undefined;
    endTime?: Date | undefined;
  },
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    pointClouds,
    tenantId,
    filter.robotId ? eq(pointClouds.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(pointClouds.robotId, filter.robotIds) : undefined,
    filter.startTime ? gte(pointClouds.capturedAt, filter.startTime) : undefined,
    filter.endTime ? lte(pointClouds.capturedAt, filter.endTime) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pointClouds)
      .where(where)
      .orderBy(desc(pointClouds.capturedAt), desc(pointClouds.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(pointClouds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
