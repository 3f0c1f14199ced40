import {
  isPlatformAdmin,
  type Language,
  type MenuNode,
  type Page,
  type RoleSummary,
  type UserRow,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, unauthorized } from '../../platform/errors.js';
import { disabledError, hashToken, type AuthService, type LiveSession } from '../auth/auth.service.js';
import { menuTreeOfUser } from '../menus/menus.service.js';
import { rolesOfUser, routesGrantedTo } from '../roles/roles.shared.js';
import { findTenant } from '../tenants/tenants.shared.js';

type TenantRecord = NonNullable<Awaited<ReturnType<typeof findTenant>>>;

/** How long a cached read may live when no change was announced (a lost bus message heals by then). */
const CACHE_TTL_MS = 30_000;
/** Beyond this many entries a cache starts over, so a flood of distinct callers cannot grow memory. */
const CACHE_MAX_ENTRIES = 10_000;

type Entry<V> = { value: V; at: number };

/**
 * Who is calling, decided once for the API's access hook and the console socket alike: the
 * session (401 when unknown, expired or revoked; 403 when its user or tenant is disabled), the
 * roles, whether the caller is a platform administrator, the tenant the call acts in and whether
 * the caller's roles are granted a route.
 *
 * Sessions, roles, grants, tenants and menu trees are cached in memory, and so are the pages of a
 * tenant's users list (users with their roles). Every change to them is announced on the bus
 * (`access.changed`, `sessions.revoked`; `users.changed` for a user added or signed in) after it
 * is committed, and every instance drops what it holds before the announcing request answers, so
 * the very next request anywhere reads the change. A read that was under way while a change was announced is not kept
 * (the generation moved on), so it cannot put back what the change made stale.
 */
export function createAccessService(ctx: AppContext, deps: { auth: AuthService }) {
  const { db } = ctx;
  let generation = 0;
  const sessions = new Map<string, Entry<LiveSession>>();
  const roles = new Map<string, Entry<RoleSummary[]>>();
  const grants = new Map<string, Entry<Set<string>>>();
  const tenants = new Map<number, Entry<TenantRecord | undefined>>();
  const menus = new Map<string, Entry<MenuNode[]>>();
  const userPages = new Map<string, Entry<Page<UserRow>>>();
  const caches: Map<unknown, unknown>[] = [sessions, roles, grants, tenants, menus, userPages];

  function clear() {
    generation += 1;
    for (const cache of caches) cache.clear();
  }

  async function cached<K, V>(cache: Map<K, Entry<V>>, key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
    const started = generation;
    const value = await load();
    if (started === generation) {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
      cache.set(key, { value, at: now });
    }
    return value;
  }

  const unsubscribe = [
    ctx.bus.subscribe('access.changed', clear),
    ctx.bus.subscribe('sessions.revoked', ({ sessionIds }) => {
      generation += 1;
      const ended = new Set(sessionIds);
      for (const [key, entry] of sessions) if (ended.has(entry.value.sessionId)) sessions.delete(key);
    }),
    ctx.bus.subscribe('users.changed', ({ tenantId }) => {
      generation += 1;
      const prefix = `${tenantId}|`;
      for (const key of userPages.keys()) if (key.startsWith(prefix)) userPages.delete(key);
    }),
  ];

  /** The live session of a token; unknown tokens are never cached (a guesser gains nothing). */
  async function session(token: string): Promise<LiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const key = hashToken(token);
    const hit = sessions.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) {
      if (hit.value.expiresAt.getTime() > Date.now()) return hit.value;
      sessions.delete(key);
      return undefined;
    }
    const started = generation;
    const found = await deps.auth.findSession(token);
    if (found && started === generation) {
      if (sessions.size >= CACHE_MAX_ENTRIES) sessions.clear();
      sessions.set(key, { value: found, at: Date.now() });
    }
    return found;
  }

  function rolesOf(homeTenantId: number, userId: number): Promise<RoleSummary[]> {
    return cached(roles, `${homeTenantId}:${userId}`, () => rolesOfUser(db, homeTenantId, userId));
  }

  /** A tenant by id (any status), or undefined. */
  function tenant(tenantId: number): Promise<TenantRecord | undefined> {
    return cached(tenants, tenantId, () => findTenant(db, tenantId));
  }

  /**
   * The caller as a member of their tenant: roles, platform administrator, and the tenant the call
   * acts in — the requested one when it is the caller's own, or when a platform administrator asks
   * for a tenant that exists and is enabled (403 otherwise).
   */
  async function resolveMember(
    who: { userId: number; homeTenantId: number },
    requested: number | null | 'invalid',
  ): Promise<{ roles: RoleSummary[]; platformAdmin: boolean; tenantId: number }> {
    const held = await rolesOf(who.homeTenantId, who.userId);
    const platformAdmin = isPlatformAdmin(who.homeTenantId, held);
    if (requested === null || requested === who.homeTenantId) {
      return { roles: held, platformAdmin, tenantId: who.homeTenantId };
    }
    if (requested === 'invalid' || !platformAdmin) throw forbidden('errors.tenantForbidden');
    const acting = await tenant(requested);
    if (!acting || acting.status !== STATUS.enabled) throw forbidden('errors.tenantForbidden');
    return { roles: held, platformAdmin, tenantId: acting.id };
  }

  /**
   * The caller of a token acting in the requested tenant (null: their own). Throws 401 for a
   * missing, unknown, expired or revoked session, 403 for a disabled user or tenant and for a
   * tenant the caller may not act in.
   */
  async function resolveCaller(token: string | null, requested: number | null | 'invalid'): Promise<AuthContext> {
    const found = token ? await session(token) : undefined;
    if (!found) throw unauthorized();
    const disabled = disabledError(found);
    if (disabled) throw disabled;
    const member = await resolveMember({ userId: found.userId, homeTenantId: found.tenantId }, requested);
    return {
      userId: found.userId,
      tenantId: member.tenantId,
      homeTenantId: found.tenantId,
      platformAdmin: member.platformAdmin,
      sessionId: found.sessionId,
      sessionExpiresAt: found.expiresAt,
      account: found.account,
      username: found.username,
      roles: member.roles,
    };
  }

  /** True when one of the caller's roles is granted the route (`HEAD` is checked as `GET`). */
  async function mayCall(caller: Pick<AuthContext, 'homeTenantId' | 'roles'>, method: string, route: string) {
    const roleIds = caller.roles.map((r) => r.roleId);
    if (roleIds.length === 0) return false;
    const granted = await cached(grants, `${caller.homeTenantId}:${roleIds.join(',')}`, () =>
      routesGrantedTo(db, caller.homeTenantId, roleIds),
    );
    return granted.has(`${method === 'HEAD' ? 'GET' : method} ${route}`);
  }

  /** The caller's side menu, titles in `lang`. */
  function menuTree(caller: Pick<AuthContext, 'homeTenantId' | 'userId'>, lang: Language): Promise<MenuNode[]> {
    return cached(menus, `${caller.homeTenantId}:${caller.userId}:${lang}`, () =>
      menuTreeOfUser(db, caller.homeTenantId, caller.userId, lang),
    );
  }

  /**
   * A page of a tenant's users list, `query` naming the filter and window; `load` reads it when it
   * is not held. What `load` answers is shared by every caller until a change drops it.
   */
  function usersPage(tenantId: number, query: string, load: () => Promise<Page<UserRow>>): Promise<Page<UserRow>> {
    return cached(userPages, `${tenantId}|${query}`, load);
  }

  function close() {
    for (const off of unsubscribe) off();
    clear();
  }

  return { resolveCaller, resolveMember, mayCall, menuTree, tenant, usersPage, close };
}

export type AccessService = ReturnType<typeof createAccessService>;
