import { statfs } from 'node:fs/promises';
import { FINAL_COMMAND_STATUSES } from '@patrol/contracts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type GaugeConfiguration } from 'prom-client';
import type { Bus, BusTopic } from './bus.js';
import { VERSION } from './version.js';

/**
 * Why telemetry was dropped: not a valid state (`invalid`: not JSON, larger than the protocol
 * allows, or not what it says), from a serial no robot has (`unknown_robot`), or by the embedded
 * broker's overload guard before it reached the server (`overload`).
 */
export const TELEMETRY_DROP_REASONS = ['invalid', 'unknown_robot', 'overload'] as const;
export type TelemetryDropReason = (typeof TELEMETRY_DROP_REASONS)[number];

/** A connection pool's use (node-postgres's counts and its size). */
export type PoolUse = { total: number; idle: number; waiting: number; max: number };

/**
 * What a scrape reads from the running app. Each is asked at scrape time, so nothing is counted
 * twice and a gauge is never stale; a source answering null leaves its series out.
 */
export type MetricSources = {
  /** What GET /api/health/ready says now. */
  ready(): Promise<boolean>;
  /** Open console sockets of this instance. */
  consoleSockets(): number;
  /** Robots online (presence known) per tenant id, every tenant with a robot listed. */
  robotsOnline(): ReadonlyMap<number, number>;
  /** Whether the server's MQTT client is connected to its broker. */
  brokerConnected(): boolean;
  /** Telemetry received by the ingest and dropped, counted since the start, by reason. */
  telemetry(): { received: number; dropped: Readonly<Record<TelemetryDropReason, number>> };
  /** The database's connection pool (PostgreSQL); null on the embedded database. */
  pool(): PoolUse | null;
  /** The data folder, whose file system's size and free space are reported; null for none. */
  dataDir: string | null;
};

/** The request duration histogram's buckets, in seconds: from a cached read to a slow export. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods kept as they are in the request histogram's `method`; any other is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The `route` of a request that no route matched (its raw URL is never a label). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Commands by final result. Process-wide, like the process metrics: a command's end is counted
 * where it happens (a reply, an expiry sweep), without the app at hand, and one process runs one app.
 */
const commandsTotal = new Counter({
  name: 'patrol_commands_total',
  help: 'Commands that reached their final result (done, failed, refused, expired, noResult).',
  labelNames: ['result'],
  registers: [],
});
for (const result of FINAL_COMMAND_STATUSES) commandsTotal.inc({ result }, 0);

/** Counts a command that reached its final result (`done`, `failed`, `refused`, `expired`, `noResult`). */
export function countCommandResult(result: string): void {
  const known = (FINAL_COMMAND_STATUSES as readonly string[]).includes(result);
  commandsTotal.inc({ result: known ? result : 'other' });
}

let processRegistry: Registry | undefined;

const PROMTOOL_REFUSED = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * The process's own metrics (prom-client's defaults, without prefix) and the commands counter, made
 * once per process on the first scrape: the defaults watch the event loop and the garbage collector
 * for good, so every app of a process (tests build many) shares them.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    // Gauges named like counters, which `promtool check metrics` refuses; each is the sum of its
    // by-type gauge (nodejs_active_handles, _requests, _resources), which stays.
    for (const name of PROMTOOL_REFUSED) processRegistry.removeSingleMetric(name);
    processRegistry.registerMetric(commandsTotal);
  }
  return processRegistry;
}

/** One app's metrics: its own registry (several apps may share a process), and what it counts. */
export type AppMetrics = {
  /** The whole scrape in the Prometheus text format, with its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** One answered HTTP request: `route` is its template, or UNMATCHED_ROUTE. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One message published on the bus by this instance, or received by it. */
  countBusMessage(direction: 'published' | 'received'): void;
};

export function createAppMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: 'patrol_build_info',
    help: 'The running version and Node.js version; always 1.',
    labelNames: ['version', 'node_version'],
    registers,
  }).set({ version: VERSION, node_version: process.version }, 1);

  const httpDuration = new Histogram({
    name: 'patrol_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_DURATION_BUCKETS,
    registers,
  });
  const ready = new Gauge({
    name: 'patrol_ready',
    help: 'Whether the instance is ready (1) or not (0), as GET /api/health/ready says.',
    registers,
  });
  const consoleSockets = new Gauge({
    name: 'patrol_console_sockets',
    help: 'Console WebSockets open on this instance.',
    registers,
  });
  const robotsOnline = new Gauge({
    name: 'patrol_robots_online',
    help: 'Robots online per tenant (tenant id), as this instance knows them.',
    labelNames: ['tenant'],
    registers,
  });
  const brokerConnected = new Gauge({
    name: 'patrol_broker_connected',
    help: "Whether the server's link to its MQTT broker is up (1) or not (0).",
    registers,
  });
  const telemetryReceived = new Counter({
    name: 'patrol_telemetry_received_total',
    help: "Robots' telemetry messages taken in by this instance.",
    registers,
  });
  const telemetryDropped = new Counter({
    name: 'patrol_telemetry_dropped_total',
    help: "Robots' telemetry messages dropped, by reason (invalid, unknown_robot, overload).",
    labelNames: ['reason'],
    registers,
  });
  const busMessages = new Counter({
    name: 'patrol_bus_messages_total',
    help: 'Messages this instance published on the bus, and received from it.',
    labelNames: ['direction'],
    registers,
  });
  busMessages.inc({ direction: 'published' }, 0);
  busMessages.inc({ direction: 'received' }, 0);

  /** A gauge reported only while there is something to measure: registered at each scrape, or left out. */
  const optionalGauge = (configuration: Omit<GaugeConfiguration<string>, 'registers'>) => {
    const gauge = new Gauge({ ...configuration, registers: [] });
    const shown = (present: boolean) => {
      if (present) registry.registerMetric(gauge);
      else registry.removeSingleMetric(configuration.name);
    };
    return { gauge, shown };
  };
  const poolConnections = optionalGauge({
    name: 'patrol_db_pool_connections',
    help: 'Connections of the database pool: all open (total), idle, and requests waiting for one (PostgreSQL).',
    labelNames: ['state'],
  });
  const poolMax = optionalGauge({
    name: 'patrol_db_pool_max',
    help: 'The most connections the database pool opens (PostgreSQL).',
  });
  const dataDirFree = optionalGauge({
    name: 'patrol_data_dir_free_bytes',
    help: 'Space free for the server on the file system of the data folder (DATA_DIR).',
  });
  const dataDirSize = optionalGauge({
    name: 'patrol_data_dir_size_bytes',
    help: 'Size of the file system of the data folder (DATA_DIR).',
  });

  /** Reads every source into its series. */
  async function refresh() {
    const [isReady, disk] = await Promise.all([
      sources.ready().catch(() => false),
      sources.dataDir === null ? null : statfs(sources.dataDir).catch(() => null),
    ]);
    ready.set(isReady ? 1 : 0);
    consoleSockets.set(sources.consoleSockets());
    robotsOnline.reset();
    for (const [tenantId, online] of sources.robotsOnline()) robotsOnline.set({ tenant: String(tenantId) }, online);
    brokerConnected.set(sources.brokerConnected() ? 1 : 0);
    const telemetry = sources.telemetry();
    telemetryReceived.reset();
    telemetryReceived.inc(telemetry.received);
    telemetryDropped.reset();
    for (const reason of TELEMETRY_DROP_REASONS) telemetryDropped.inc({ reason }, telemetry.dropped[reason]);

    const pool = sources.pool();
    poolConnections.shown(pool !== null);
    poolMax.shown(pool !== null);
    if (pool) {
      poolConnections.gauge.set({ state: 'total' }, pool.total);
      poolConnections.gauge.set({ state: 'idle' }, pool.idle);
      poolConnections.gauge.set({ state: 'waiting' }, pool.waiting);
      poolMax.gauge.set(pool.max);
    }
    dataDirFree.shown(disk !== null);
    dataDirSize.shown(disk !== null);
    if (disk) {
      dataDirFree.gauge.set(disk.bavail * disk.bsize);
      dataDirSize.gauge.set(disk.blocks * disk.bsize);
    }
  }

  return {
    async scrape() {
      await refresh();
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
    observeRequest(method, route, statusCode, seconds) {
      httpDuration.observe(
        { method: METHODS.has(method) ? method : 'other', route, status_code: String(statusCode) },
        seconds,
      );
    },
    countBusMessage(direction) {
      busMessages.inc({ direction });
    },
  };
}

/**
 * The bus as this instance uses it, with its messages counted: each publish, and each message
 * received on a topic this instance subscribes to (once, however many handlers it has).
 */
export function countBusMessages(bus: Bus, metrics: Pick<AppMetrics, 'countBusMessage'>): Bus {
  const handlers = new Map<BusTopic, { count: number; off: () => void }>();
  return {
    get kind() {
      return bus.kind;
    },
    publish(topic, payload) {
      metrics.countBusMessage('published');
      return bus.publish(topic, payload);
    },
    subscribe(topic, handler) {
      let counting = handlers.get(topic);
      if (!counting) {
        counting = { count: 0, off: bus.subscribe(topic, () => metrics.countBusMessage('received')) };
        handlers.set(topic, counting);
      }
      counting.count += 1;
      const off = bus.subscribe(topic, handler);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        off();
        const entry = handlers.get(topic);
        if (entry && --entry.count === 0) {
          entry.off();
          handlers.delete(topic);
        }
      };
    },
    close: () => bus.close(),
  };
}
