import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HEADERS, TENANT_ADMIN_ROLE_CODE } from '@patrol/contracts';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword, sha256Hex } from '../src/platform/passwords.js';
import { menus } from '../src/modules/menus/menus.tables.js';
import { findResourceIds } from '../src/modules/resources/resources.repository.js';
import { assignRoles, ensureRole, grantMenus, grantResources } from '../src/modules/roles/roles.repository.js';
import { insertTenant, type TenantRow } from '../src/modules/tenants/tenants.repository.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import type { TestApp } from './create-test-app.js';

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** The SHA-256 digest the console sends for a typed password. */
export const digest = sha256Hex;

export async function makeTenant(
  t: TestApp,
  overrides: Partial<Parameters<typeof insertTenant>[1]> = {},
): Promise<TenantRow> {
  const code = overrides.code ?? unique('t');
  return insertTenant(t.db, { code, name: `Tenant ${code}`, ...overrides });
}

export type MadeUser = { id: number; tenantId: number; account: string; password: string; roleIds: number[] };

export type MakeUserOptions = {
  account?: string;
  password?: string;
  status?: number;
  /** Roles of the tenant, by code (made when missing). */
  roleCodes?: string[];
  /** Resources granted to a fresh role of the user, e.g. `['POST /api/notice-server/notice/publish']`. */
  grants?: string[];
  /** Menus (route names) granted to that same fresh role. */
  menus?: string[];
};

/** A user of a tenant with roles; `grants`/`menus` make a fresh role holding exactly those. */
export async function makeUser(t: TestApp, tenantId: number, options: MakeUserOptions = {}): Promise<MadeUser> {
  const account = options.account ?? unique('u');
  const password = options.password ?? `Pw-${randomBytes(4).toString('hex')}`;
  const user = await insertUser(t.db, tenantId, {
    account,
    username: `User ${account}`,
    passwordHash: await hashPassword(digest(password), t.config.scryptLogN),
    ...(options.status === undefined ? {} : { status: options.status }),
  });
  const roleIds: number[] = [];
  for (const code of options.roleCodes ?? []) {
    roleIds.push((await ensureRole(t.db, tenantId, { name: code, code })).role.id);
  }
  if (options.grants || options.menus) {
    const code = unique('r');
    const { role } = await ensureRole(t.db, tenantId, { name: code, code });
    roleIds.push(role.id);
    const keys = (options.grants ?? []).map((g) => {
      const [method, route] = g.split(' ') as [string, string];
      return { method, route };
    });
    const resourceIds = await findResourceIds(t.db, keys);
    if (resourceIds.length !== keys.length) throw new Error(`unknown resource among ${options.grants?.join(', ')}`);
    await grantResources(t.db, tenantId, role.id, resourceIds);
    if (options.menus?.length) {
      const rows = await t.db.select({ id: menus.id }).from(menus).where(inArray(menus.name, options.menus));
      await grantMenus(
        t.db,
        tenantId,
        role.id,
        rows.map((r) => r.id),
      );
    }
  }
  await assignRoles(t.db, tenantId, user.id, roleIds);
  return { id: user.id, tenantId, account, password, roleIds };
}

export type LoginOptions = { tenantId?: number; lang?: string };

/** Signs in through the API and returns the session token; fails the test on any other answer. */
export async function login(app: FastifyInstance, account: string, password: string, options: LoginOptions = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/system-server/auth/login',
    headers: {
      ...(options.tenantId === undefined ? {} : { [HEADERS.tenant]: String(options.tenantId) }),
      ...(options.lang ? { [HEADERS.language]: options.lang } : {}),
    },
    payload: { account, password: digest(password) },
  });
  if (res.statusCode !== 200) throw new Error(`login of ${account} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

/**
 * A tenant whose signed-in administrator holds `grants`, beside another tenant: what a test of one
 * tenant's data (an export, a list) needs to show the other's never leaks in.
 */
export async function makeTenantPair(
  t: TestApp,
  grants: string[],
): Promise<{ tenantId: number; otherTenantId: number; token: string }> {
  const tenant = await makeTenant(t);
  const other = await makeTenant(t);
  const user = await makeUser(t, tenant.id, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants });
  return { tenantId: tenant.id, otherTenantId: other.id, token: await login(t.app, user.account, user.password) };
}

/** Headers of a signed-in request. */
export function as(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}

/** The id of a menu by route name. */
export async function menuId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.name, name));
  return row!.id;
}
