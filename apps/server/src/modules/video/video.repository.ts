import type { RobotCamera, VideoTile } from '@patrol/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { robots } from '../robots/robots.tables.js';
import { videoLayouts } from './video.tables.js';

/** The robots of a tenant (only `ids` when given) with their presence and cameras, by name. */
export async function robotsWithCameras(db: DbOrTx, tenantId: number, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      robotId: robots.id,
      robotName: robots.name,
      serialNumber: robots.serialNumber,
      online: robots.online,
      cameras: robots.cameras,
    })
    .from(robots)
    .where(and(eq(robots.tenantId, tenantId), ids ? inArray(robots.id, ids) : undefined))
    .orderBy(asc(robots.name), asc(robots.id));
}

/** Stores the cameras a robot announced, unless they are what is stored; answers whether it wrote. */
export async function saveCameras(db: DbOrTx, serial: string, cameras: RobotCamera[]): Promise<boolean> {
  const value = JSON.stringify(cameras);
  const rows = await db
    .update(robots)
    .set({ cameras })
    .where(and(eq(robots.serialNumber, serial), sql`${robots.cameras} is distinct from ${value}::jsonb`))
    .returning({ id: robots.id });
  return rows.length > 0;
}

export async function findLayout(db: DbOrTx, userId: number, tenantId: number) {
  const [row] = await db
    .select()
    .from(videoLayouts)
    .where(and(eq(videoLayouts.userId, userId), eq(videoLayouts.tenantId, tenantId)));
  return row;
}

export async function saveLayout(
  db: DbOrTx,
  userId: number,
  tenantId: number,
  layout: { grid: number; tiles: (VideoTile | null)[] },
): Promise<void> {
  await db
    .insert(videoLayouts)
    .values({ userId, tenantId, grid: layout.grid, tiles: layout.tiles })
    .onConflictDoUpdate({
      target: [videoLayouts.userId, videoLayouts.tenantId],
      set: { grid: layout.grid, tiles: layout.tiles, updatedAt: new Date() },
    });
}
