import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskBody, maskSecrets } from './logging.js';
import { API_PREFIX } from './auth.js';

/** One row of the operation log, in the tenant the request acted in. */
export type OperationLogEntry = {
  userId: number;
  account: string;
  username: string;
  roleNames: string | null;
  description: string;
  method: string;
  route: string;
  level: 'error' | 'warn' | 'info';
  params: string | null;
  durationMs: number;
  result: 'success' | 'failure';
  statusCode: number;
  ip: string | null;
  userAgent: string | null;
};

/** Methods that change state; reads are not logged. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The longest `params` text kept; the rest is cut. */
export const MAX_PARAMS_LENGTH = 4000;

/** Query and body of a request as the log keeps them: masked JSON, cut to a bounded length. */
export function loggedParams(request: Pick<FastifyRequest, 'query' | 'body'>): string | null {
  const parts: Record<string, unknown> = {};
  const query = request.query as Record<string, unknown> | undefined;
  if (query && Object.keys(query).length > 0) parts.query = maskSecrets(query);
  if (request.body !== undefined && request.body !== null) parts.body = maskBody(request.body);
  if (Object.keys(parts).length === 0) return null;
  const text = JSON.stringify(parts);
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH - 1)}…` : text;
}

/**
 * The one writer of the operation log: after every state-changing API request of a signed-in
 * caller (granted or refused), one row in the tenant the request acted in, with the route's
 * description, the operator and their roles, masked parameters, duration and result. Routes never
 * write it themselves. Sign-in has its own log; requests without a session have no operator and
 * are not kept here. The row is written before the answer leaves (an `onSend` hook that waits
 * for it), so a change the caller saw acknowledged always has its row, even if the process dies
 * right after answering. A failed write is logged and never fails the request: the change itself
 * is already committed by then (docs/decisions.md). A request answered 5xx (nothing acknowledged,
 * most often the database away) does not wait for its row, so it answers within the deadline.
 */
export function installOperationLog(
  app: FastifyInstance,
  deps: { write: (tenantId: number, entry: OperationLogEntry) => Promise<void> },
) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!STATE_CHANGING.has(request.method) || request.is404) return payload;
    const auth = request.auth;
    const route = request.routeOptions.url;
    if (!auth || !route?.startsWith(`${API_PREFIX}/`)) return payload;
    const schema = request.routeOptions.schema as { summary?: string } | undefined;
    const status = reply.statusCode;
    const userAgent = request.headers['user-agent'];
    const written = deps
      .write(auth.tenantId, {
        userId: auth.userId,
        account: auth.account,
        username: auth.username.slice(0, 100),
        roleNames:
          auth.roles
            .map((r) => r.roleName)
            .join(', ')
            .slice(0, 500) || null,
        description: (schema?.summary ?? `${request.method} ${route}`).slice(0, 300),
        method: request.method,
        route: route.slice(0, 300),
        level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
        params: loggedParams(request),
        durationMs: Math.max(0, Math.round(reply.elapsedTime)),
        result: status < 400 ? 'success' : 'failure',
        statusCode: status,
        ip: request.ip?.slice(0, 64) ?? null,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'operation log not written'));
    // A request that failed on the server's side changed nothing to acknowledge, and is most often
    // a database away: its row's own write would meet the deadline a second time, so the answer
    // does not wait for it.
    if (status < 500) await written;
    return payload;
  });
}
