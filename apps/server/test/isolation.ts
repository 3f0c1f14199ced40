import { randomBytes } from 'node:crypto';
import type { TestApp } from './create-test-app.js';
import type { MadeUser } from './factories.js';

/**
 * One tenant of the isolation world: its administrator (granted every resource a tenant may hold),
 * a session of it, a marker string that every row seeded for the tenant carries in a name, and the
 * ids of those rows, by name (`user`, `role`, `exposeAccount`...), filled by the areas' `seed`.
 */
export type IsolationTenant = {
  tenantId: number;
  admin: MadeUser;
  token: string;
  marker: string;
  ids: Record<string, number>;
};

export type IsolationWorld = { t: TestApp; a: IsolationTenant; b: IsolationTenant };

export type IsolationRequest = {
  /** The full URL with the path parameters filled, e.g. `/api/system-server/user/12`. */
  url: string;
  query?: Record<string, string>;
  payload?: unknown;
};

/**
 * How to aim one route at tenant B's data while signed in as tenant A's administrator. The walk
 * sends it twice: as it is (expect 403 or 404, unless `ownData`), and with `tenant-id: B` (expect
 * 403); after each call B's rows must be unchanged, and no answer may contain B's marker.
 */
export type IsolationCase = {
  /** `METHOD /api/route` exactly as in the resources table, e.g. `POST /api/system-server/user/update`. */
  resource: string;
  request: (w: IsolationWorld) => IsolationRequest;
  /**
   * The route takes no id of another tenant's row (lists, the caller's own data): it answers for
   * the caller's own tenant, so any status is fine as long as nothing of B is read or changed.
   */
  ownData?: boolean;
};

export type IsolationArea = {
  /** Seeds the area's rows into a tenant (names carry `tenant.marker`) and records their ids. */
  seed?: (t: TestApp, tenant: IsolationTenant) => Promise<void>;
  cases: IsolationCase[];
};

export const newMarker = (tenant: string) => `iso${tenant}${randomBytes(3).toString('hex')}`;
