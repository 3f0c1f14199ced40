import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS, type ResourceAccess, type RoleSummary } from '@patrol/contracts';
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
  sessionExpiresAt: Date;
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
 * Who a caller is and what they may call, decided by the access module and handed to the hook
 * (the platform knows no module).
 */
export type CallerResolver = {
  /** 401 for no live session, 403 for a disabled user or tenant or a tenant the caller may not act in. */
  resolveCaller(token: string | null, requestedTenant: number | null | 'invalid'): Promise<AuthContext>;
  /** True when one of the caller's roles is granted the route. */
  mayCall(caller: AuthContext, method: string, route: string): Promise<boolean>;
};

/**
 * The one access hook of the API. For every route that is not public it resolves the caller from
 * the session and the `tenant-id` header (401/403, see `CallerResolver`) and, for `grant` and
 * `platform` routes (the latter for platform administrators only), checks that one of the
 * caller's roles is granted the route's resource (403). The resolver's caches are dropped by
 * every change, so a change applies to the very next request.
 *
 * It runs on `onRequest`, before the body is read and validated: an anonymous caller learns
 * nothing about a route's schema and costs no body parsing.
 */
export function installAccessHook(app: FastifyInstance, resolver: CallerResolver) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { url, config } = request.routeOptions;
    const access = accessOf(url ?? '', config);
    if (access === 'public') return;

    const caller = await resolver.resolveCaller(
      tokenFrom(request.headers.authorization),
      parseTenantId(request.headers[HEADERS.tenant]),
    );
    // Known before the grant is checked, so that a refused request is still logged with its operator.
    request.auth = caller;

    if (access === 'platform' && !caller.platformAdmin) throw forbidden();
    if (access === 'grant' || access === 'platform') {
      if (!(await resolver.mayCall(caller, request.method, url ?? ''))) throw forbidden();
    }
  });
}
