import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FINAL_COMMAND_STATUSES } from '@patrol/contracts';
import Fastify from 'fastify';
import mqtt from 'mqtt';
import type { SimRobot } from '@patrol/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, type MadeUser } from '../../test/factories.js';
import { reachable } from '../../test/net.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../test/robots.js';
import { openSocket } from '../../test/socket-client.js';
import { createMemoryBus } from './bus.js';
import { countBusMessages, countCommandResult } from './metrics.js';
import { metricsPlugin } from './metrics.plugin.js';
import { VERSION } from './version.js';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a scrape in the Prometheus text format. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const promtool = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;
if (!promtool && !process.env.CI)
  console.warn('promtool not found (apt-get install prometheus): the scrape is not checked with it');

/** `promtool check metrics` on a scrape: its exit code and what it says. */
function checkWithPromtool(body: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(body);
  });
}

const LIVE = '/api/robot-server/monitor/live';
const TOKEN = 'metrics-scrape-token-0123456789abcdef';

describe('/metrics after requests, a console and a robot', () => {
  let t: TestApp;
  let dataDir: string;
  let user: MadeUser;
  let token: string;
  let tenantId: number;
  let robot: RegisteredRobot;
  let sim: SimRobot | undefined;
  let samples: Sample[];
  let body: string;
  let closeSocket: (() => void) | undefined;

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-metrics-'));
    t = await createTestApp({ dataDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenantId = (await makeTenant(t)).id;
    user = await makeUser(t, tenantId, {
      grants: ['POST /api/robot-server/robot/create', `GET ${LIVE}`],
      roleCodes: ['tenantAdmin'],
    });
    token = await login(t.app, user.account, user.password);
    robot = await registerRobot(t, token);
    sim = simRobot(t, robot);
    // First a state that is not valid telemetry, sent with the robot's own credentials.
    const raw = await mqtt.connectAsync(t.app.robotBrokerUrl()!, {
      clientId: robot.serial,
      username: robot.serial,
      password: await sim.token(),
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    await raw.publishAsync(`patrol/${robot.serial}/state`, JSON.stringify({ battery: 'full' }));
    await raw.publishAsync(`patrol/${robot.serial}/state`, 'battery full');
    await until(() => t.app.monitoring.stats().droppedInvalid >= 1, 8000, 'the invalid state dropped');
    await until(() => t.app.gateway.droppedStates() >= 1, 8000, 'the state that is not JSON dropped');
    await raw.endAsync();
    await sim.connect();
    await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.online, 8000, 'the robot online');
    await until(() => t.app.monitoring.stats().received >= 4, 8000, 'three states of the robot');

    // A console socket, on the route with the user's id in its path.
    const { port } = t.app.server.address() as AddressInfo;
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/ws/msg/${user.id}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect((await socket.next()).type).toBe('ready');
    closeSocket = () => socket.ws.close();

    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: LIVE, headers: as(token) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: LIVE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-route/${robot.serial}?x=1` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/robots/${robot.serial}` })).statusCode).toBe(404);

    body = (await scrape()).body;
    samples = parse(body);
  });

  afterAll(async () => {
    closeSocket?.();
    await sim?.disconnect({ silent: true });
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers in the Prometheus text format, without the session of the console and without the operation log', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE patrol_http_request_duration_seconds histogram');
  });

  it('counts each request by method, route template and status code, in seconds', () => {
    const count = (route: string, status: string, method = 'GET') =>
      value(samples, 'patrol_http_request_duration_seconds_count', { method, route, status_code: status });
    expect(count(LIVE, '200')).toBe(3);
    expect(count(LIVE, '401')).toBe(1);
    expect(count('unmatched', '404')).toBe(2);
    expect(count('/api/ws/msg/:userId', '101') ?? count('/api/ws/msg/:userId', '200')).toBeUndefined();
    const sum = value(samples, 'patrol_http_request_duration_seconds_sum', { route: LIVE, status_code: '200' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
    const buckets = samples.filter(
      (s) =>
        s.name === 'patrol_http_request_duration_seconds_bucket' &&
        s.labels.route === LIVE &&
        s.labels.status_code === '200',
    );
    expect(buckets.map((s) => s.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(buckets.at(-1)!.value).toBe(3);
    // Not the scrapes.
    expect(samples.some((s) => s.labels.route === '/metrics')).toBe(false);
  });

  it('reports the build, readiness, sockets, the broker, robots online per tenant and telemetry', () => {
    expect(value(samples, 'patrol_build_info', { version: VERSION, node_version: process.version })).toBe(1);
    expect(value(samples, 'patrol_ready')).toBe(1);
    expect(value(samples, 'patrol_console_sockets')).toBe(1);
    expect(value(samples, 'patrol_broker_connected')).toBe(1);
    expect(value(samples, 'patrol_robots_online', { tenant: String(tenantId) })).toBe(1);
    const stats = t.app.monitoring.stats();
    expect(value(samples, 'patrol_telemetry_received_total')).toBeGreaterThanOrEqual(5);
    expect(value(samples, 'patrol_telemetry_received_total')).toBeLessThanOrEqual(stats.received + 1);
    // The state that did not match the contract, and the one that was not JSON.
    expect(value(samples, 'patrol_telemetry_dropped_total', { reason: 'invalid' })).toBe(2);
    expect(value(samples, 'patrol_telemetry_dropped_total', { reason: 'unknown_robot' })).toBe(0);
    expect(value(samples, 'patrol_telemetry_dropped_total', { reason: 'overload' })).toBe(0);
    expect(value(samples, 'patrol_bus_messages_total', { direction: 'published' })).toBeGreaterThan(0);
    expect(value(samples, 'patrol_bus_messages_total', { direction: 'received' })).toBeGreaterThan(0);
    for (const result of FINAL_COMMAND_STATUSES) {
      expect(value(samples, 'patrol_commands_total', { result })).toBeGreaterThanOrEqual(0);
    }
  });

  it("reports the process, the data folder's file system and, on PostgreSQL, the pool", () => {
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(value(samples, name), name).toBeGreaterThanOrEqual(0);
    }
    const size = value(samples, 'patrol_data_dir_size_bytes')!;
    const free = value(samples, 'patrol_data_dir_free_bytes')!;
    expect(size).toBeGreaterThan(0);
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThanOrEqual(size);
    if (t.database.kind === 'postgres') {
      expect(value(samples, 'patrol_db_pool_max')).toBe(10);
      const total = value(samples, 'patrol_db_pool_connections', { state: 'total' })!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(value(samples, 'patrol_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
      expect(value(samples, 'patrol_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(samples.some((s) => s.name.startsWith('patrol_db_pool'))).toBe(false);
    }
  });

  it('labels nothing with a robot serial, a user id or a raw URL', () => {
    const routes = new Set(samples.map((s) => s.labels.route).filter((r) => r !== undefined));
    expect([...routes].sort()).toEqual(
      [LIVE, '/api/system-server/auth/login', '/api/robot-server/robot/create', 'unmatched'].sort(),
    );
    for (const sample of samples) {
      for (const [name, label] of Object.entries(sample.labels)) {
        expect(label, `${sample.name} ${name}`).not.toContain(robot.serial);
        expect(label, `${sample.name} ${name}`).not.toContain('?');
        expect(label, `${sample.name} ${name}`).not.toContain(`/${user.id}`);
        expect(name).not.toMatch(/user|serial|robot_id|url/i);
      }
    }
  });

  it('counts the commands that reach their final result', async () => {
    const before = value(parse((await scrape()).body), 'patrol_commands_total', { result: 'expired' })!;
    countCommandResult('expired');
    countCommandResult('somethingElse');
    const after = parse((await scrape()).body);
    expect(value(after, 'patrol_commands_total', { result: 'expired' })).toBe(before + 1);
    expect(value(after, 'patrol_commands_total', { result: 'other' })).toBeGreaterThanOrEqual(1);
  });

  it('follows the robot and the readiness as they change', async () => {
    await sim!.disconnect();
    sim = undefined;
    await until(() => !t.app.monitoring.robotIn(tenantId, robot.robotId)?.online, 8000, 'the robot offline');
    t.app.readiness.stop();
    const now = parse((await scrape()).body);
    expect(value(now, 'patrol_robots_online', { tenant: String(tenantId) })).toBe(0);
    expect(value(now, 'patrol_ready')).toBe(0);
  });

  // CI installs promtool; elsewhere the check is skipped when it is missing.
  it.skipIf(!promtool && !process.env.CI)('passes promtool check metrics (Debian package prometheus)', async () => {
    const { code, output } = await checkWithPromtool(body);
    expect(output).toBe('');
    expect(code).toBe(0);
  });
});

describe('/metrics behind a bearer token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it('answers 401 without the token or with another, 200 with it', async () => {
    const get = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('patrol_');
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await get(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await get(TOKEN)).statusCode).toBe(401);
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('patrol_ready 1');
  });
});

describe('/metrics on a management address of its own (METRICS_PORT)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // With a console build, a GET outside /api falls back to the console's page: /metrics must not.
    webDist = await mkdtemp(path.join(tmpdir(), 'patrol-metrics-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    t = await createTestApp({ webDist, env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves /metrics there, with the token, and nowhere on the main port; closes with the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    const main = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.statusCode).toBe(404);
    expect(main.body).not.toContain('patrol_');

    const address = t.app.metrics.managementAddress()!;
    expect(address.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await ok.text()).toContain('patrol_ready 1');
    expect((await fetch(`${base}/`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);

    await t.app.close();
    expect(await reachable('127.0.0.1', address.port)).toBe(false);
  });
});

describe('/metrics turned off (METRICS=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS: '0' } });
  });
  afterAll(async () => t?.close());

  it('answers 404 and measures nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(t.app.hasDecorator('metrics')).toBe(false);
  });
});

describe('the metrics plugin on its own', () => {
  const settings = { enabled: true, token: null, port: null, host: '127.0.0.1' };

  it('labels a route by its template, a request no route takes as unmatched, an unusual method as other', async () => {
    const app = Fastify();
    await app.register(metricsPlugin, { settings, dataDir: tmpdir() });
    app.get('/api/things/:id', async () => ({ ok: true }));
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/things/42?token=x' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/things/43' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'PROPFIND', url: '/api/things/44' })).statusCode).toBe(404);
      const samples = parse((await app.inject({ method: 'GET', url: '/metrics' })).body);
      const count = (labels: Record<string, string>) =>
        value(samples, 'patrol_http_request_duration_seconds_count', labels);
      expect(count({ method: 'GET', route: '/api/things/:id', status_code: '200' })).toBe(2);
      expect(count({ method: 'other', route: 'unmatched', status_code: '404' })).toBe(1);
      // No part of the app to ask: not ready, nothing online.
      expect(value(samples, 'patrol_ready')).toBe(0);
      expect(value(samples, 'patrol_broker_connected')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when the management port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const app = Fastify();
    await app.register(metricsPlugin, { settings: { ...settings, port }, dataDir: tmpdir() });
    try {
      await expect(app.ready()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await app.close().catch(() => undefined);
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('bus messages', () => {
  it('counts each publish, and each message received once however many handlers take it', async () => {
    const counted = { published: 0, received: 0 };
    const bus = countBusMessages(createMemoryBus(), { countBusMessage: (d) => counted[d]++ });
    const offA = bus.subscribe('access.changed', () => undefined);
    const offB = bus.subscribe('access.changed', () => undefined);
    await bus.publish('access.changed', {});
    await bus.publish('users.changed', { tenantId: 1 });
    expect(counted).toEqual({ published: 2, received: 1 });
    offA();
    offA();
    await bus.publish('access.changed', {});
    expect(counted).toEqual({ published: 3, received: 2 });
    offB();
    await bus.publish('access.changed', {});
    expect(counted).toEqual({ published: 4, received: 2 });
    await bus.close();
  });
});
