import { createHash } from 'node:crypto';
import {
  HEADERS,
  type LoginResponse,
  type Page,
  type RobotKeyResponse,
  type RobotRow,
  type TenantRow,
} from '@patrol/contracts';

type Envelope<T> = { code: number; message: string; data: T };

/** The console's REST API as the simulator uses it: sign in, find the tenant, register robots. */
export class ConsoleApi {
  private token: string | null = null;
  private tenantId: number | null = null;

  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { [HEADERS.language]: 'en-US' };
    if (this.token) headers[HEADERS.authorization] = `Bearer ${this.token}`;
    if (this.tenantId) headers[HEADERS.tenant] = String(this.tenantId);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(`/api${path}`, this.baseUrl), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (!res.ok || !envelope || envelope.code !== 200) {
      throw new Error(`${method} ${path}: ${res.status} ${envelope?.message ?? res.statusText}`);
    }
    return envelope.data;
  }

  /** Signs in with a console account (the password is pre-hashed like the console does). */
  async signIn(account: string, password: string): Promise<LoginResponse> {
    const digest = createHash('sha256').update(password).digest('hex');
    const login = await this.call<LoginResponse>('POST', '/system-server/auth/login', { account, password: digest });
    this.token = login.token;
    return login;
  }

  /** Acts in a tenant given by id or code (another tenant than one's own needs a platform administrator). */
  async useTenant(tenant: string | number): Promise<number> {
    if (typeof tenant === 'number' || /^\d+$/.test(tenant)) {
      this.tenantId = Number(tenant);
      return this.tenantId;
    }
    const page = await this.call<Page<TenantRow>>(
      'GET',
      `/system-server/tenant/page?index=1&size=50&keyword=${encodeURIComponent(tenant)}`,
    );
    const row = page.rows.find((r) => r.tenantCode === tenant);
    if (!row) throw new Error(`no tenant with code ${tenant}`);
    this.tenantId = row.tenantId;
    return row.tenantId;
  }

  /** Every robot of the tenant whose serial, name or product ID contains `keyword`. */
  async robots(keyword: string): Promise<RobotRow[]> {
    const all: RobotRow[] = [];
    for (let index = 1; ; index++) {
      const page = await this.call<Page<RobotRow>>(
        'GET',
        `/robot-server/robot/page?index=${index}&size=200&keyword=${encodeURIComponent(keyword)}`,
      );
      all.push(...page.rows);
      if (page.rows.length === 0 || all.length >= page.total) return all;
    }
  }

  createRobot(input: { productId: string; serialNumber: string; name: string }) {
    return this.call<RobotKeyResponse>('POST', '/robot-server/robot/create', input);
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
    const page = await this.call<Page<TenantRow>>(
      'GET',
      `/system-server/tenant/page?index=1&size=50&keyword=${encodeURIComponent(input.code)}`,
    );
    const found = page.rows.find((r) => r.tenantCode === input.code);
    if (found) return found.tenantId;
    const made = await this.call<TenantRow>('POST', '/system-server/tenant/create', {
      tenantCode: input.code,
      tenantName: input.name,
      adminName: input.adminName,
      adminPhone: '13800000000',
      adminEmail: `${input.adminAccount}@example.com`,
      adminAccount: input.adminAccount,
      adminPassword: createHash('sha256').update(input.adminPassword).digest('hex'),
    });
    return made.tenantId;
  }

  rotateKey(robotId: number) {
    return this.call<RobotKeyResponse>('POST', '/robot-server/robot/rotateKey', { robotId });
  }
}
