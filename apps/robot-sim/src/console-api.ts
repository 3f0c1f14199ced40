import { createHash } from 'node:crypto';
import {
  alarmsApi,
  authApi,
  configsApi,
  fencesApi,
  HEADERS,
  stationsApi,
  robotsApi,
  tenantsApi,
  type RouteBody,
  type RouteData,
  type RouteDescriptor,
  type RouteQuery,
  type CreateFenceRequest,
  type LngLat,
  type RobotRow,
  type StationRow,
} from '@patrol/contracts';

type Envelope<T> = { code: number; message: string; data: T };

/** The console's REST API as the simulator uses it: sign in, find the tenant, register robots. */
export class ConsoleApi {
  private token: string | null = null;
  private tenantId: number | null = null;

  constructor(private readonly baseUrl: string) {}

  /** Calls a route through its descriptor in the contracts (so its path is written once). */
  private async call<D extends RouteDescriptor>(
    route: D,
    input: { query?: RouteQuery<D>; body?: RouteBody<D> } = {},
  ): Promise<RouteData<D>> {
    const headers: Record<string, string> = { [HEADERS.language]: 'en-US' };
    if (this.token) headers[HEADERS.authorization] = `Bearer ${this.token}`;
    if (this.tenantId) headers[HEADERS.tenant] = String(this.tenantId);
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const url = new URL(`/api${route.path}`, this.baseUrl);
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const res = await fetch(url, {
      method: route.method,
      headers,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    const envelope = (await res.json().catch(() => null)) as Envelope<RouteData<D>> | null;
    if (!res.ok || !envelope || envelope.code !== 200) {
      throw new Error(`${route.method} ${route.path}: ${res.status} ${envelope?.message ?? res.statusText}`);
    }
    return envelope.data;
  }

  /** Signs in with a console account (the password is pre-hashed like the console does). */
  async signIn(account: string, password: string) {
    const digest = createHash('sha256').update(password).digest('hex');
    const login = await this.call(authApi.login, { body: { account, password: digest } });
    this.token = login.token;
    return login;
  }

  /** Acts in a tenant given by id or code (another tenant than one's own needs a platform administrator). */
  async useTenant(tenant: string | number): Promise<number> {
    if (typeof tenant === 'number' || /^\d+$/.test(tenant)) {
      this.tenantId = Number(tenant);
      return this.tenantId;
    }
    const page = await this.call(tenantsApi.pageTenants, { query: { index: 1, size: 50, keyword: tenant } });
    const row = page.rows.find((r) => r.tenantCode === tenant);
    if (!row) throw new Error(`no tenant with code ${tenant}`);
    this.tenantId = row.tenantId;
    return row.tenantId;
  }

  /** Every robot of the tenant whose serial, name or product ID contains `keyword`. */
  async robots(keyword: string): Promise<RobotRow[]> {
    const all: RobotRow[] = [];
    for (let index = 1; ; index++) {
      const page = await this.call(robotsApi.pageRobots, { query: { index, size: 200, keyword } });
      all.push(...page.rows);
      if (page.rows.length === 0 || all.length >= page.total) return all;
    }
  }

  createRobot(input: { productId: string; serialNumber: string; name: string }) {
    return this.call(robotsApi.createRobot, { body: input });
  }

  /**
   * Makes the tenant with its administrator unless a tenant with this code exists (platform
   * administrators only). Returns its id.
   */
  async ensureTenant(input: {
    code: string;
    name: string;
    adminAccount: string;
    adminPassword: string;
    adminName: string;
  }): Promise<number> {
    const page = await this.call(tenantsApi.pageTenants, { query: { index: 1, size: 50, keyword: input.code } });
    const found = page.rows.find((r) => r.tenantCode === input.code);
    if (found) return found.tenantId;
    const made = await this.call(tenantsApi.createTenant, {
      body: {
        tenantCode: input.code,
        tenantName: input.name,
        adminName: input.adminName,
        adminPhone: '13800000000',
        adminEmail: `${input.adminAccount}@example.com`,
        adminAccount: input.adminAccount,
        adminPassword: createHash('sha256').update(input.adminPassword).digest('hex'),
      },
    });
    return made.tenantId;
  }

  /** Completes every alarm of the robot still being disposed of (so no console is shown it again). */
  async completeOpenAlarms(robotId: number): Promise<void> {
    const open = await this.call(alarmsApi.pageAlarms, {
      query: { index: 1, size: 200, robotId, status: 'disposing' },
    });
    for (const alarm of open.rows) {
      await this.call(alarmsApi.operateAlarm, { body: { alarmId: alarm.alarmId, operation: 'complete' } });
    }
  }

  deleteRobot(robotId: number) {
    return this.call(robotsApi.deleteRobot, { body: { robotId } });
  }

  rotateKey(robotId: number) {
    return this.call(robotsApi.rotateRobotKey, { body: { robotId } });
  }

  /** The value of a start-up config key (`leafletConfig`...), or null when it has none. */
  async configValue(key: string): Promise<string | null> {
    const list = await this.call(configsApi.listConfigs, { query: { keys: key } });
    return list[key]?.configValue ?? null;
  }

  /** Sets a config value (platform administrators only). */
  updateConfig(configKey: string, configValue: string) {
    return this.call(configsApi.updateConfig, { body: { configKey, configValue } });
  }

  /** The tenant's station of this name, made with `area` unless it exists. */
  async ensureStation(name: string, area: LngLat[]): Promise<StationRow> {
    const found = (await this.call(stationsApi.listStations)).find((s) => s.name === name);
    return found ?? this.call(stationsApi.createStation, { body: { name, area } });
  }

  assignStation(robotIds: number[], stationId: number | null) {
    return this.call(stationsApi.assignRobotStation, { body: { robotIds, stationId } });
  }

  createFence(fence: CreateFenceRequest) {
    return this.call(fencesApi.createFence, { body: fence });
  }
}
