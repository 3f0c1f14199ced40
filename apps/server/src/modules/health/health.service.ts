import { APP_VERSION, type HealthStatus } from '@patrol/contracts';
import type { AppContext } from '../../platform/context.js';
import { touchHealthCheck } from './health.repository.js';

/** The longest the database check may take before the database counts as down. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

export type HealthParts = {
  /** Whether the link to the broker (the embedded one or MQTT_URL) is up. */
  brokerUp(): boolean;
};

export function createHealthService(ctx: AppContext, parts: HealthParts) {
  /** A check under way: callers arriving meanwhile share it, so a burst of probes costs one write. */
  let pending: Promise<boolean> | null = null;

  /** The database is up when it takes a write within the deadline (reads alone miss a full disk). */
  async function databaseUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        touchHealthCheck(ctx.db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer in time')), HEALTH_DATABASE_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every part checked now: the database with a write, the broker by its link. */
  async function status(): Promise<HealthStatus> {
    pending ??= databaseUp().finally(() => {
      pending = null;
    });
    const database = (await pending) ? 'up' : 'down';
    return { status: 'up', database, broker: parts.brokerUp() ? 'up' : 'down', version: APP_VERSION };
  }
  return { status };
}
