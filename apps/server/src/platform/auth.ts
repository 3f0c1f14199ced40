import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS, type ResourceAccess } from '@patrol/contracts';
import { STATUS } from '../db/columns.js';
import { disabledError, type AuthService } from '../modules/auth/auth.service.js';
import { rolesGrantResource, rolesOfUser, type RoleSummary } from '../modules/roles/roles.repository.js';
import { isPlatformAdmin } from '../modules/roles/roles.service.js';
import { findTenant } from '../modules/tenants/tenants.repository.js';
import type { Db } from './db.js';
import { forbidden, unauthorized } from './errors.js';
import { parseTenantId } from './tenant-scope.js';

/** Who is calling, resolved once per request by the access hook. */
export type AuthContext = {
  userId: number;
  /** The tenant the request acts in: the `tenant-id` header when allowed, else the user's own. */
  tenantId: number;
  /** The user's own tenant. */
  homeTenantId: number;
  platformAdmin: boolean;
  sessionId: number;
  account: string;
  username: string;
  roles: RoleSummary[];
};

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** Who may call the route; `grant` when not given (see `accessOf`). */
    access?: ResourceAccess;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by the access hook on every route that is not public. */
    auth: AuthContext | null;
  }
}

export const API_PREFIX = '/api';

/** The access of a route: declared in its config; API routes default to `grant`, the rest (web, docs) are public. */
export function accessOf(url: string, config: { access?: ResourceAccess } | undefined): ResourceAccess {
  return config?.access ?? (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) ? 'grant' : 'public');
}

/** `Bearer <token>` or the bare token. */
export function tokenFrom(header: string | undefined): string | null {
  const value = header?.trim();
  if (!value) return null;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1]!.trim() : value) || null;
}

/** The request's auth context; for handlers of routes that are not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The one access hook of the API. For every route that is not public it authenticates the session
 * (401), resolves the acting tenant from the `tenant-id` header (403 unless it is the user's own or
 * the user is a platform administrator and the tenant exists and is enabled) and, for `grant`
 * and `platform` routes (the latter for platform administrators only), checks that one of the caller's roles is granted the route's resource (403). Grants are
 * read on every request, so a change applies to the very next one.
 *
 * It runs on `onRequest`, before the body is read and validated: an anonymous caller learns
 * nothing about a route's schema and costs no body parsing.
 */
export function installAccessHook(app: FastifyInstance, deps: { db: Db; auth: AuthService }) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { url, config } = request.routeOptions;
    const access = accessOf(url ?? '', config);
    if (access === 'public') return;

    const token = tokenFrom(request.headers.authorization);
    const session = token ? await deps.auth.findSession(token) : undefined;
    if (!session) throw unauthorized();
    const disabled = disabledError(session);
    if (disabled) throw disabled;

    const roles = await rolesOfUser(deps.db, session.tenantId, session.userId);
    const platformAdmin = isPlatformAdmin(session.tenantId, roles);
    const tenantId = await actingTenant(deps.db, request, session.tenantId, platformAdmin);

    // Known before the grant is checked, so that a refused request is still logged with its operator.
    request.auth = {
      userId: session.userId,
      tenantId,
      homeTenantId: session.tenantId,
      platformAdmin,
      sessionId: session.sessionId,
      account: session.account,
      username: session.username,
      roles,
    };

    if (access === 'platform' && !platformAdmin) throw forbidden();
    if (access === 'grant' || access === 'platform') {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const roleIds = roles.map((r) => r.roleId);
      if (!(await rolesGrantResource(deps.db, session.tenantId, roleIds, method, url ?? ''))) throw forbidden();
    }
  });
}

async function actingTenant(db: Db, request: FastifyRequest, homeTenantId: number, platformAdmin: boolean) {
  const requested = parseTenantId(request.headers[HEADERS.tenant]);
  if (requested === null || requested === homeTenantId) return homeTenantId;
  if (requested === 'invalid' || !platformAdmin) throw forbidden('errors.tenantForbidden');
  const tenant = await findTenant(db, requested);
  if (!tenant || tenant.status !== STATUS.enabled) throw forbidden('errors.tenantForbidden');
  return tenant.id;
}
