import { APP_VERSION, type HealthStatus } from '@patrol/contracts';
import type { AppContext } from '../../platform/context.js';

export function createHealthService(ctx: AppContext) {
  /** The server is up if it answers; the database is checked on every call. */
  async function status(): Promise<HealthStatus> {
    const database = (await ctx.database.ping()) ? 'up' : 'down';
    return { status: 'up', database, version: APP_VERSION };
  }
  return { status };
}
