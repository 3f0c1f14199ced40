import { z } from 'zod';

/** A part the instance needs: up or down. */
export const partState = z.enum(['up', 'down']);

/**
 * GET health and GET health/ready: public; answered 200 only when every part the instance needs
 * is up (the database, checked with a write, and the broker link), else 503 with the part that is down.
 */
export const healthStatus = z.object({
  status: z.literal('up'),
  database: partState,
  broker: partState,
  version: z.string(),
});
export type HealthStatus = z.infer<typeof healthStatus>;

/** GET health/live: public; 200 while the process runs its event loop, whatever its parts. */
export const liveStatus = z.object({ status: z.literal('up') });
export type LiveStatus = z.infer<typeof liveStatus>;
