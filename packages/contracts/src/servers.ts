import { z } from 'zod';

/** How often each server instance reports itself, and after how long without a report it is down. */
export const SERVER_HEARTBEAT_MS = 10_000;
export const SERVER_DOWN_AFTER_MS = 3 * SERVER_HEARTBEAT_MS;

export const partHealth = z.object({
  /** database, bus, storage, broker (the MQTT broker as this instance's gateway sees it). */
  name: z.string(),
  /** What stands behind it: pglite, postgresql, memory, redis, local... */
  kind: z.string(),
  status: z.enum(['up', 'down']),
  detail: z.string().optional(),
});
export type PartHealthView = z.infer<typeof partHealth>;

export const serverInstance = z.object({
  instanceId: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  address: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  uptimeSeconds: z.number().int(),
  /** Down when it has not reported for SERVER_DOWN_AFTER_MS. */
  status: z.enum(['up', 'down']),
  /** The parts as the instance last reported them. */
  parts: z.array(partHealth),
  /** The instance that answered this request. */
  current: z.boolean(),
});
export type ServerInstance = z.infer<typeof serverInstance>;

/** GET system-server/server/list */
export const serverList = z.array(serverInstance);
