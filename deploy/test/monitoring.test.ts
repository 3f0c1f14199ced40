// The monitoring files: Prometheus's scrape configs and alert rules pass promtool (Debian's
// prometheus package), the rules' unit tests pass and would catch a broken rule, the Grafana
// dashboard is valid and its queries parse, and every metric the rules and the dashboard read is in
// a real scrape of the compiled server (`npm run build` first), on PostgreSQL when
// TEST_DATABASE_URL is set (the database pool's metrics exist only there).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { freePort } from '@patrol/server/test/net.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const MONITORING = path.join(REPO, 'deploy', 'monitoring');
const SERVER_MAIN = path.join(REPO, 'apps', 'server', 'dist', 'main.js');

type Result = { code: number; stdout: string; stderr: string };

/** Runs a program to its end; a non-zero exit is a result, not an error. */
const runProgram = (file: string, args: string[], options: { cwd?: string } = {}) =>
  new Promise<Result>((resolve, reject) => {
    execFile(file, args, { ...options, maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });

const hasPromtool = (() => {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPromtool && process.env.CI) throw new Error('promtool is missing (Debian: apt-get install prometheus)');
if (!hasPromtool)
  console.warn('promtool is missing (apt-get install prometheus): the Prometheus files are not checked');

const work = mkdtempSync(path.join(tmpdir(), 'patrol-monitoring-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Rule = { alert: string; expr: string; for?: string; labels: Record<string, string> };
type TestFile = {
  tests: {
    input_series: { series: string; values: string }[];
    alert_rule_test: { alertname: string; exp_alerts: { exp_labels: Record<string, string> }[] }[];
  }[];
};
type Panel = {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string; refId: string }[];
};
type Dashboard = {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

const rules = (
  parse(readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(
  readFileSync(path.join(MONITORING, 'grafana', 'patrol-dashboard.json'), 'utf8'),
) as Dashboard;
const dashboardExprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

/** A dashboard query as Prometheus gets it: Grafana's variables replaced by what they stand for. */
const asPromql = (expr: string) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*');

/**
 * The metric names a PromQL expression reads: its identifiers once label matchers, strings, ranges
 * and grouping clauses are taken out, less functions (followed by a parenthesis) and keywords.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = bare.slice((match.index ?? 0) + match[0].length).trimStart();
    if (after.startsWith('(')) continue;
    if (['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan'].includes(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names];
}

test('the metric names of an expression are found, and nothing else', () => {
  expect(
    metricNames(
      'histogram_quantile(0.95, sum by (job, le) (rate(patrol_http_request_duration_seconds_bucket{route!~"/api/ws/.*"}[5m]))) > 1',
    ),
  ).toEqual(['patrol_http_request_duration_seconds_bucket']);
  expect(
    metricNames('patrol_db_pool_connections{state="waiting"} > 0 and ignoring (state) patrol_db_pool_max'),
  ).toEqual(['patrol_db_pool_connections', 'patrol_db_pool_max']);
  expect(metricNames('topk(10, sum by (method, route) (rate(patrol_commands_total[5m])))')).toEqual([
    'patrol_commands_total',
  ]);
});

describe('the alert rules', () => {
  test('cover what the operations guide promises, each with a severity and a summary', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual(
      [
        'PatrolInstanceDown',
        'PatrolNotReady',
        'PatrolBrokerDisconnected',
        'PatrolTelemetryDropped',
        'PatrolHttp5xxRatio',
        'PatrolHighLatency',
        'PatrolEventLoopLag',
        'PatrolDatabasePoolExhausted',
        'PatrolDataDiskLow',
      ].sort(),
    );
    for (const rule of rules) expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
  });

  test('each has a unit test where one instance fires it and another does not', () => {
    const file = parse(readFileSync(path.join(MONITORING, 'alerts.test.yml'), 'utf8')) as TestFile;
    for (const rule of rules) {
      const cases = file.tests.filter((t) => t.alert_rule_test.some((a) => a.alertname === rule.alert));
      expect(cases.length, rule.alert).toBeGreaterThan(0);
      const firing = cases.flatMap((t) =>
        t.alert_rule_test.filter((a) => a.alertname === rule.alert).flatMap((a) => a.exp_alerts),
      );
      expect(firing.length, `${rule.alert} fires somewhere`).toBeGreaterThan(0);
      const instancesFed = new Set(
        cases.flatMap((t) => t.input_series.map((s) => /instance="([^"]+)"/.exec(s.series)?.[1] ?? '')),
      );
      const instancesFiring = new Set(firing.map((alert) => alert.exp_labels.instance));
      const quiet = [...instancesFed].filter((instance) => !instancesFiring.has(instance));
      expect(quiet.length, `${rule.alert} stays quiet somewhere`).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!hasPromtool)('promtool', () => {
  test.each(['prometheus.yml', 'prometheus-kubernetes.yml'])('check config %s (with its rule file)', async (file) => {
    const result = await runProgram('promtool', ['check', 'config', file], { cwd: MONITORING });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  test('check rules alerts.yml', async () => {
    const result = await runProgram('promtool', ['check', 'rules', 'alerts.yml'], { cwd: MONITORING });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  test('test rules alerts.test.yml', async () => {
    const result = await runProgram('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: MONITORING });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('SUCCESS');
  });

  test('a rule that no longer fires, or fires on health checks, fails its unit test', async () => {
    const original = readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8');
    copyFileSync(path.join(MONITORING, 'alerts.test.yml'), path.join(work, 'alerts.test.yml'));
    const broken = [
      ['patrol_ready == 0', 'patrol_ready == 2'],
      ['status_code=~"5..", route!~"/api/health.*"', 'status_code=~"5.."'],
    ];
    for (const [from, to] of broken) {
      expect(original).toContain(from);
      writeFileSync(path.join(work, 'alerts.yml'), original.replace(from ?? '', to ?? ''));
      const result = await runProgram('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: work });
      expect(result.code, `${from} -> ${to}`).not.toBe(0);
    }
  });

  test('every dashboard query is valid PromQL', async () => {
    const file = path.join(work, 'dashboard-queries.yml');
    const asRules = dashboardExprs.map((expr, index) => ({
      record: `patrol:dashboard_query:${index}`,
      expr: asPromql(expr),
    }));
    writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules: asRules }] }));
    const result = await runProgram('promtool', ['check', 'rules', file]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});

describe('the Grafana dashboard', () => {
  test('is a dashboard whose every panel queries the chosen Prometheus and instances', () => {
    expect(dashboard.uid).toBe('patrol-console');
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.templating.list.map((variable) => [variable.name, variable.type])).toEqual([
      ['datasource', 'datasource'],
      ['instance', 'query'],
    ]);
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(15);
    for (const panel of panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      for (const target of panel.targets ?? []) expect(target.expr, panel.title).toContain('instance=~"$instance"');
    }
  });

  test('provisioning loads it from where the compose overlay mounts it', () => {
    const provider = parse(
      readFileSync(path.join(MONITORING, 'grafana', 'provisioning', 'dashboards', 'patrol.yml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    const overlay = readFileSync(path.join(REPO, 'deploy', 'compose', 'compose.monitoring.yaml'), 'utf8');
    expect(overlay).toContain(
      `../monitoring/grafana/patrol-dashboard.json:${provider.providers[0]?.options.path}/patrol-dashboard.json:ro`,
    );
  });
});

describe('every metric the rules and the dashboard read is in a real scrape', () => {
  let server: ChildProcess | undefined;
  let output = '';
  let scrape = '';
  let database: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
    const [port, mqttPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: work,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: path.join(work, 'data'),
      PATROL_ADMIN_PASSWORD: 'Monitoring1check',
      LOG_LEVEL: 'warn',
      // As the deployments run it: /metrics on the management port only.
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    };
    if (adminUrl) {
      database = `patrol_monitoring_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
    }
    server = spawn(process.execPath, [SERVER_MAIN], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      const status = await fetch(`${base}/api/health/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server was not ready within 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Requests of a route and of no route, so the request histogram has series.
    await fetch(`${base}/api/health/live`);
    await fetch(`${base}/api/no-such-route`);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    scrape = await response.text();
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (adminUrl && database) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  test('the rules’ and the dashboard’s metrics', () => {
    // What the scrape defines: each metric's name, and a histogram's or summary's series names.
    const defined = new Set<string>();
    for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      if (!name) continue;
      defined.add(name);
      if (type === 'histogram' || type === 'summary')
        for (const suffix of ['_bucket', '_count', '_sum']) defined.add(name + suffix);
    }
    for (const [, name] of scrape.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)) if (name) defined.add(name);

    const used = new Map<string, string>();
    for (const rule of rules) for (const name of metricNames(rule.expr)) used.set(name, `alert ${rule.alert}`);
    for (const panel of dashboard.panels)
      for (const target of panel.targets ?? [])
        for (const name of metricNames(asPromql(target.expr))) used.set(name, `panel "${panel.title}"`);
    // `up` is Prometheus's own, for every target.
    used.delete('up');
    expect([...used.keys()].sort()).toEqual(
      [
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'patrol_broker_connected',
        'patrol_build_info',
        'patrol_bus_messages_total',
        'patrol_commands_total',
        'patrol_console_sockets',
        'patrol_data_dir_free_bytes',
        'patrol_data_dir_size_bytes',
        'patrol_db_pool_connections',
        'patrol_db_pool_max',
        'patrol_http_request_duration_seconds_bucket',
        'patrol_http_request_duration_seconds_count',
        'patrol_ready',
        'patrol_robots_online',
        'patrol_telemetry_dropped_total',
        'patrol_telemetry_received_total',
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
      ].sort(),
    );
    // The pool exists on PostgreSQL only.
    const poolOnly = (name: string) => name.startsWith('patrol_db_pool_');
    if (!adminUrl) {
      if (process.env.CI) throw new Error('TEST_DATABASE_URL is needed to scrape the database pool metrics');
      console.warn('TEST_DATABASE_URL unset: the database pool metrics are not checked (they exist on PostgreSQL)');
    }
    const missing = [...used]
      .filter(([name]) => !defined.has(name) && (adminUrl || !poolOnly(name)))
      .map(([name, where]) => `${name} (${where})`);
    expect(missing).toEqual([]);
  });

  test('no metric carries a robot serial or a user id as a label', () => {
    const labels = new Set([...scrape.matchAll(/[{,]([a-zA-Z_][a-zA-Z0-9_]*)="/g)].map((match) => match[1]));
    for (const label of labels) expect(['serial', 'user', 'user_id', 'userId', 'robot', 'url']).not.toContain(label);
  });
});
