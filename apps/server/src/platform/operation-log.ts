import type { FastifyInstance, FastifyRequest } from 'fastify';
import { databaseUnavailable } from './errors.js';
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
  result: 'success' | 'failure' | 'unknown';
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

/** What is known of a request's outcome once it is answered. */
export type OperationOutcome = Pick<OperationLogEntry, 'level' | 'durationMs' | 'result' | 'statusCode'>;

export type OperationLogWriter = {
  /** Writes a row (committed when the promise resolves) and gives its id. */
  write: (tenantId: number, entry: OperationLogEntry) => Promise<number>;
  /** Records the outcome on a row written before the request ran. */
  finish: (tenantId: number, id: number, outcome: OperationOutcome) => Promise<void>;
};

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The operation-log row written before the handler ran (null when none was). */
    operationLogId: number | null;
  }
}

/**
 * The one writer of the operation log: every state-changing API request of a signed-in caller
 * (granted or refused) has one row in the tenant the request acted in, with the route's
 * description, the operator and their roles, masked parameters, duration and result. Routes never
 * write it themselves. Sign-in has its own log; requests without a session have no operator and
 * are not kept here.
 *
 * The row is committed before the request may change anything (a `preHandler` hook, result
 * `unknown`) and its outcome is recorded before the answer leaves (an `onSend` hook that waits for
 * it). So a change the caller saw acknowledged always has its row, whether the process dies right
 * after answering or the database goes away between the change and the outcome (the row then
 * says `unknown`); a row that cannot be written first answers 503 and changes nothing. A request
 * stopped before its handler (its input refused) has its row written when it is answered. A
 * request answered 5xx (nothing acknowledged, most often the database away) does not wait for its
 * outcome's write, so it answers within the deadline (docs/decisions.md).
 */
export function installOperationLog(app: FastifyInstance, deps: OperationLogWriter) {
  app.decorateRequest('operationLogId', null);

  /** The row of a request, or null when the request is not one the log keeps. */
  const rowOf = (request: FastifyRequest, outcome: OperationOutcome): OperationLogEntry | null => {
    if (!STATE_CHANGING.has(request.method) || request.is404) return null;
    const auth = request.auth;
    const route = request.routeOptions.url;
    if (!auth || !route?.startsWith(`${API_PREFIX}/`)) return null;
    const schema = request.routeOptions.schema as { summary?: string } | undefined;
    const userAgent = request.headers['user-agent'];
    return {
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
      params: loggedParams(request),
      ip: request.ip?.slice(0, 64) ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
      ...outcome,
    };
  };

  app.addHook('preHandler', async (request) => {
    const row = rowOf(request, { level: 'info', durationMs: 0, result: 'unknown', statusCode: 0 });
    if (!row) return;
    try {
      request.operationLogId = await deps.write(request.auth!.tenantId, row);
    } catch (error) {
      request.log.error({ err: error }, 'operation log not written: the request is not run');
      throw databaseUnavailable();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const outcome: OperationOutcome = {
      level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      durationMs: Math.max(0, Math.round(reply.elapsedTime)),
      result: status < 400 ? 'success' : 'failure',
      statusCode: status,
    };
    // (A route of a plugin with its own request decorations, the API docs', has no such field.)
    const id = request.operationLogId;
    let written: Promise<unknown>;
    if (typeof id === 'number' && request.auth) written = deps.finish(request.auth.tenantId, id, outcome);
    else {
      const row = rowOf(request, outcome);
      if (!row) return payload;
      written = deps.write(request.auth!.tenantId, row);
    }
    const settled = written.catch((error: unknown) =>
      request.log.error({ err: error }, 'operation log outcome not written'),
    );
    // A request that failed on the server's side changed nothing to acknowledge, and is most often
    // a database away: its row's own write would meet the deadline a second time, so the answer
    // does not wait for it.
    if (status < 500) await settled;
    return payload;
  });
}
