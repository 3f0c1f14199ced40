import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.js';
import { sendRouteNotFound } from './errors.js';
import { createAppMetrics, UNMATCHED_ROUTE, type AppMetrics, type MetricSources, type PoolUse } from './metrics.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** This instance's metrics (absent with METRICS=0). */
    metrics: AppMetrics & {
      /** The separate management address serving /metrics (METRICS_PORT), once listening; else null. */
      managementAddress(): AddressInfo | null;
    };
  }
}

export type MetricsPluginOptions = {
  /** METRICS, METRICS_TOKEN, METRICS_PORT and METRICS_HOST. */
  settings: AppConfig['metrics'];
  /** DATA_DIR, whose file system is reported. */
  dataDir: string;
};

export const METRICS_PATH = '/metrics';

/** What a scrape answers: 200 with the metrics, 401 without the right bearer token. */
type Answer = { status: 200; contentType: string; body: string } | { status: 401 };

/** node-postgres's pool, as drizzle keeps it (`db.$client`). */
function poolOf(app: FastifyInstance): PoolUse | null {
  if (!app.hasDecorator('ctx') || app.ctx.database.kind !== 'postgres') return null;
  const client = (app.ctx.db as unknown as { $client?: Partial<Record<string, unknown>> }).$client;
  if (typeof client?.totalCount !== 'number') return null;
  const options = client.options as { max?: number } | undefined;
  return {
    total: client.totalCount,
    idle: client.idleCount as number,
    waiting: client.waitingCount as number,
    max: options?.max ?? 10,
  };
}

const plugin: FastifyPluginAsync<MetricsPluginOptions> = async (app, { settings, dataDir }) => {
  const served = settings.enabled && settings.port === null;
  // /metrics on the main port answers 404 when it is off or served elsewhere (it would otherwise
  // fall to the console's pages).
  if (!served) {
    app.get(METRICS_PATH, { schema: { hide: true } }, (request, reply) => sendRouteNotFound(request, reply));
  }
  if (!settings.enabled) return;

  const sources: MetricSources = {
    ready: async () => app.hasDecorator('readiness') && (await app.readiness.check()),
    consoleSockets: () => (app.hasDecorator('hub') ? app.hub.connectionCount() : 0),
    robotsOnline: () => (app.hasDecorator('monitoring') ? app.monitoring.onlineByTenant() : new Map()),
    brokerConnected: () => app.hasDecorator('gateway') && app.gateway.connected(),
    telemetry: () => {
      const stats = app.hasDecorator('monitoring') ? app.monitoring.stats() : null;
      // Oversized or not JSON: dropped by the gateway before the monitoring ingest sees them.
      const unreadable = app.hasDecorator('gateway') ? app.gateway.droppedStates() : 0;
      const overload = app.hasDecorator('broker') && app.broker ? app.broker.droppedTelemetry() : 0;
      return {
        received: (stats?.received ?? 0) + unreadable,
        dropped: {
          invalid: (stats?.droppedInvalid ?? 0) + unreadable,
          unknown_robot: stats?.droppedUnknown ?? 0,
          overload,
        },
      };
    },
    pool: () => poolOf(app),
    dataDir,
  };
  const metrics = createAppMetrics(sources);

  // The token compared as digests of equal length, in constant time.
  const expected = settings.token === null ? null : createHash('sha256').update(`Bearer ${settings.token}`).digest();
  const authorized = (header: string | undefined) =>
    expected === null ||
    timingSafeEqual(
      expected,
      createHash('sha256')
        .update(header ?? '')
        .digest(),
    );
  const answer = async (authorization: string | undefined): Promise<Answer> => {
    if (!authorized(authorization)) return { status: 401 };
    return { status: 200, ...(await metrics.scrape()) };
  };

  let management: Server | null = null;
  app.decorate('metrics', {
    ...metrics,
    managementAddress: () => (management?.address() as AddressInfo | null | undefined) ?? null,
  });

  // Every answered request, by its route's template; never the scrapes.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    if (route !== METRICS_PATH) {
      metrics.observeRequest(request.method, route ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  if (served) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const result = await answer(request.headers.authorization);
      if (result.status === 401) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('unauthorized\n');
      }
      return reply.type(result.contentType).header('cache-control', 'no-store').send(result.body);
    });
    return;
  }

  // METRICS_PORT: a listener of its own, which answers /metrics and nothing else.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    answer(req.headers.authorization).then(
      (result) => {
        if (result.status === 401) {
          res
            .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
            .end('unauthorized\n');
          return;
        }
        res.writeHead(200, { 'content-type': result.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : result.body);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n');
      },
    );
  };
  app.addHook('onReady', async () => {
    const server = createServer(handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port ?? 0, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    management = server;
    const { address, port } = server.address() as AddressInfo;
    app.log.info(`metrics: serving ${METRICS_PATH} on http://${address}:${port}`);
  });
  app.addHook('onClose', async () => {
    const server = management;
    if (!server) return;
    management = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
};

/**
 * `/metrics` in the Prometheus text format: on the main port, or only on the management address
 * (METRICS_PORT at METRICS_HOST); behind a bearer token when METRICS_TOKEN is set; off (404) with
 * METRICS=0. Also the request duration histogram of every route. Registered first, so that it sees
 * every route; what it reports of the other parts (hub, monitoring, gateway, database) is read from
 * them at scrape time.
 */
export const metricsPlugin = fp(plugin, { name: 'metrics' });
