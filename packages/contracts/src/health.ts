import { z } from 'zod';

/** GET health: public; `database` is 'down' when the database does not answer. */
export const healthStatus = z.object({
  status: z.literal('up'),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type HealthStatus = z.infer<typeof healthStatus>;
