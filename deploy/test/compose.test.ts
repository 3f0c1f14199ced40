// The compose deployment as docker-compose (Debian's 1.29) reads it: the base file and the monitoring
// overlay render with a filled-in .env, and refuse to render, naming the variable, when a secret is
// missing. Mosquitto's dynamic-security set-up runs for real on this machine's Mosquitto, and the
// consoles' health check runs on Node against a stub answering 200 and 503. No container is started
// (no engine here).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '@patrol/server/test/net.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const COMPOSE = path.join(REPO, 'deploy', 'compose');
const MONITORING = path.join(REPO, 'deploy', 'monitoring');
const VERSION = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

type Result = { code: number; stdout: string; stderr: string };

/** Runs a program to its end; a non-zero exit is a result, not an error. */
const runProgram = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  new Promise<Result>((resolve, reject) => {
    execFile(file, args, { ...options, maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });

const hasProgram = (program: string, args: string[]) => {
  try {
    execFileSync(program, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const hasCompose = hasProgram('docker-compose', ['version']);
if (!hasCompose && process.env.CI)
  throw new Error('docker-compose is missing (Debian: apt-get install docker-compose)');
if (!hasCompose) console.warn('docker-compose is missing (apt-get install docker-compose): compose files not rendered');
const hasMosquitto = ['mosquitto', 'mosquitto_ctrl', 'mosquitto_sub', 'mosquitto_pub'].every(
  (program) => existsSync(`/usr/bin/${program}`) || existsSync(`/usr/sbin/${program}`),
);
if (!hasMosquitto && process.env.CI)
  throw new Error('Mosquitto is missing (Debian: apt-get install mosquitto mosquitto-clients)');
if (!hasMosquitto) console.warn('Mosquitto is missing: the dynamic-security set-up is not run');

const work = mkdtempSync(path.join(tmpdir(), 'patrol-compose-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What .env.example asks for, filled in as a site would. */
const FILLED: Record<string, string> = {
  PATROL_VERSION: VERSION,
  PATROL_ADMIN_PASSWORD: 'Admin1password2026',
  POSTGRES_PASSWORD: 'pg0123456789abcdefghij',
  REDIS_PASSWORD: 'rd0123456789abcdefghij',
  MQTT_USERNAME: 'patrol-console',
  MQTT_PASSWORD: 'mq0123456789abcdefghij',
  MEDIA_SECRET: 'ms0123456789abcdefghij0123456789abcdef',
  HTTP_PORT: '80',
  MQTT_PORT: '1883',
  GRAFANA_ADMIN_PASSWORD: 'gf0123456789abcdefghij',
};

let envFiles = 0;
/**
 * `docker-compose config` on the given files with `env` as the .env, in an environment holding
 * nothing else (a variable of the caller's shell would fill a gap).
 */
async function composeConfig(files: string[], env: Record<string, string>) {
  const envFile = path.join(work, `env-${envFiles++}`);
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  const args = [...files.flatMap((file) => ['-f', path.join(COMPOSE, file)]), '--env-file', envFile, 'config'];
  return runProgram('docker-compose', args, { cwd: work, env: { PATH: process.env.PATH, HOME: work } });
}

type Service = {
  image?: string;
  command?: string[];
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  logging?: { driver: string; options: Record<string, string> };
  stop_grace_period?: string;
  read_only?: boolean;
  volumes?: string[];
  ports?: string[];
};
type Rendered = { services: Record<string, Service>; volumes: Record<string, unknown> };

/** A service of the rendered file, which must be there. */
function serviceOf(rendered: Rendered, name: string): Service {
  const service = rendered.services[name];
  if (!service) throw new Error(`no service ${name} in the rendered file`);
  return service;
}

const without = (key: string) => Object.fromEntries(Object.entries(FILLED).filter(([k]) => k !== key));

/** The variables .env.example leaves empty: each is a secret the site must choose. */
const requiredSecrets = readFileSync(path.join(COMPOSE, '.env.example'), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z_]+=$/.test(line))
  .map((line) => line.slice(0, -1));

describe('.env.example', () => {
  test('names this version and leaves every secret empty', () => {
    const example = readFileSync(path.join(COMPOSE, '.env.example'), 'utf8');
    expect(example).toContain(`PATROL_VERSION=${VERSION}\n`);
    expect(requiredSecrets.sort()).toEqual(
      [
        'GRAFANA_ADMIN_PASSWORD',
        'MEDIA_SECRET',
        'MQTT_PASSWORD',
        'PATROL_ADMIN_PASSWORD',
        'POSTGRES_PASSWORD',
        'REDIS_PASSWORD',
      ].sort(),
    );
  });
});

describe.skipIf(!hasCompose)('compose.yaml', () => {
  test('renders with a filled-in .env: the services, their order and their checks', async () => {
    const result = await composeConfig(['compose.yaml'], FILLED);
    expect(result.code, result.stderr).toBe(0);
    const rendered = parse(result.stdout) as Rendered;
    const { services, volumes } = rendered;
    const migrate = serviceOf(rendered, 'migrate');
    expect(Object.keys(services).sort()).toEqual(
      ['console-1', 'console-2', 'migrate', 'mosquitto', 'mosquitto-init', 'postgres', 'proxy', 'redis'].sort(),
    );
    expect(Object.keys(volumes).sort()).toEqual(
      ['console-1-data', 'console-2-data', 'mosquitto-data', 'postgres-data'].sort(),
    );

    // The migration runs once, on a healthy database, before either console starts.
    expect(migrate.image).toBe(`patrol-console:${VERSION}`);
    expect(migrate.command).toEqual(['migrate']);
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(serviceOf(rendered, 'mosquitto').depends_on).toEqual({
      'mosquitto-init': { condition: 'service_completed_successfully' },
    });
    for (const name of ['console-1', 'console-2']) {
      const instance = serviceOf(rendered, name);
      expect(instance.image).toBe(`patrol-console:${VERSION}`);
      expect(instance.depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        mosquitto: { condition: 'service_healthy' },
      });
      expect(instance.environment).toMatchObject({
        INSTANCE_ID: name,
        DATABASE_URL: `postgres://patrol:${FILLED.POSTGRES_PASSWORD}@postgres:5432/patrol`,
        REDIS_URL: `redis://:${FILLED.REDIS_PASSWORD}@redis:6379`,
        MQTT_URL: 'mqtt://mosquitto:1883',
        MQTT_USERNAME: FILLED.MQTT_USERNAME,
        MQTT_PASSWORD: FILLED.MQTT_PASSWORD,
        MQTT_DYNSEC: '1',
        FILE_STORAGE: 'database',
        PATROL_ADMIN_PASSWORD: FILLED.PATROL_ADMIN_PASSWORD,
        MEDIA_SECRET: FILLED.MEDIA_SECRET,
        METRICS_PORT: '9464',
      });
      // SIGKILL comes only well after the drain.
      const grace = Number(/^(\d+)s$/.exec(instance.stop_grace_period ?? '')?.[1]);
      expect(grace * 1000).toBeGreaterThanOrEqual(Number(instance.environment?.SHUTDOWN_DRAIN_MS) + 10_000);
      expect(instance.read_only).toBe(true);
      expect(instance.volumes).toEqual([`${name}-data:/var/lib/patrol:rw`]);
      expect(instance.healthcheck?.test.slice(0, 2)).toEqual(['CMD', '/opt/patrol/node/bin/node']);
    }
    // Robots reach the broker and browsers the proxy; nothing else is published.
    const published = Object.entries(services)
      .filter(([, service]) => service.ports)
      .map(([name]) => name);
    expect(published.sort()).toEqual(['mosquitto', 'proxy']);

    for (const [name, service] of Object.entries(services)) {
      expect(service.logging, name).toEqual({ driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } });
      const oneShot = name === 'migrate' || name === 'mosquitto-init';
      if (!oneShot) expect(service.healthcheck?.test.length, `${name} has a health check`).toBeGreaterThan(1);
    }
  });

  test.each(['PATROL_VERSION', ...requiredSecrets.filter((key) => key !== 'GRAFANA_ADMIN_PASSWORD')])(
    'refuses to render without %s, and says so',
    async (key) => {
      const result = await composeConfig(['compose.yaml'], without(key));
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`set ${key} in .env`);
      // An empty value is as missing as none.
      const empty = await composeConfig(['compose.yaml'], { ...FILLED, [key]: '' });
      expect(empty.code).not.toBe(0);
      expect(empty.stderr).toContain(`set ${key} in .env`);
    },
  );

  test('the unfilled .env.example does not render', async () => {
    const example = Object.fromEntries(
      readFileSync(path.join(COMPOSE, '.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const result = await composeConfig(['compose.yaml'], example);
    expect(result.code).not.toBe(0);
  });
});

describe.skipIf(!hasCompose)('compose.yaml with compose.monitoring.yaml', () => {
  test('renders, with Prometheus on the rules and Grafana on the dashboard', async () => {
    const result = await composeConfig(['compose.yaml', 'compose.monitoring.yaml'], FILLED);
    expect(result.code, result.stderr).toBe(0);
    const rendered = parse(result.stdout) as Rendered;
    expect(Object.keys(rendered.services)).toEqual(
      expect.arrayContaining(['prometheus', 'grafana', 'console-1', 'console-2']),
    );
    const prometheus = serviceOf(rendered, 'prometheus');
    const grafana = serviceOf(rendered, 'grafana');
    // Every file the overlay mounts exists, and Prometheus scrapes both consoles' metrics port.
    const mounts = [...(prometheus.volumes ?? []), ...(grafana.volumes ?? [])]
      .map((volume) => volume.split(':')[0] ?? '')
      .filter((source) => source.startsWith('/'));
    expect(mounts.map((source) => path.relative(MONITORING, source)).sort()).toEqual(
      ['alerts.yml', 'grafana/patrol-dashboard.json', 'grafana/provisioning', 'prometheus.yml'].sort(),
    );
    for (const source of mounts) expect(existsSync(source), source).toBe(true);
    const scrape = readFileSync(path.join(MONITORING, 'prometheus.yml'), 'utf8');
    expect(scrape).toContain("targets: ['console-1:9464', 'console-2:9464']");
    expect(grafana.environment?.GF_SECURITY_ADMIN_PASSWORD).toBe(FILLED.GRAFANA_ADMIN_PASSWORD);
    // Prometheus and Grafana only on the host's loopback.
    for (const port of [...(prometheus.ports ?? []), ...(grafana.ports ?? [])])
      expect(String(port)).toMatch(/^127\.0\.0\.1:/);
  });

  test('refuses to render without GRAFANA_ADMIN_PASSWORD', async () => {
    const result = await composeConfig(['compose.yaml', 'compose.monitoring.yaml'], without('GRAFANA_ADMIN_PASSWORD'));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('set GRAFANA_ADMIN_PASSWORD in .env');
  });
});

/** A server on loopback answering every request with `status()`, and the paths it was asked. */
async function stubServer(status: () => number) {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(status()).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () => new Promise((resolve) => server.close(resolve));
  return { paths, port, close };
}

describe('the proxy’s health check', () => {
  const compose = parse(readFileSync(path.join(COMPOSE, 'compose.yaml'), 'utf8')) as {
    services: { proxy: Service };
  };
  const [kind, ...command] = compose.services.proxy.healthcheck?.test ?? [];

  test('passes while a console behind nginx is ready, fails on 503 and when nothing listens', async () => {
    expect(kind).toBe('CMD');
    const script = command.at(-1) ?? '';
    expect(script).toContain('/dev/tcp/127.0.0.1/80 ');
    let status = 200;
    const stub = await stubServer(() => status);
    // The check as nginx's image runs it (bash, no curl), pointed at the stub instead of nginx.
    const check = async () =>
      (await runProgram(command[0] ?? '', [...command.slice(1, -1), script.replace('/80 ', `/${stub.port} `)])).code;
    try {
      expect(await check()).toBe(0);
      status = 503;
      expect(await check()).not.toBe(0);
      expect(stub.paths).toEqual(['/api/health/ready', '/api/health/ready']);
    } finally {
      await stub.close();
    }
    expect(await check()).not.toBe(0);
  });
});

describe('the consoles’ health check', () => {
  const compose = parse(readFileSync(path.join(COMPOSE, 'compose.yaml'), 'utf8')) as {
    'x-console': Service;
  };
  const [, , flag = '', script = ''] = compose['x-console'].healthcheck?.test ?? [];

  /** The check as the image runs it (its own Node, `-e`), pointed at the stub. */
  const check = async (port: number) => {
    expect(script).toContain('http://127.0.0.1:8080/api/health/ready');
    const result = await runProgram(process.execPath, [flag, script.replace(':8080/', `:${port}/`)]);
    return result.code;
  };

  test('passes while /api/health/ready answers 200, fails on 503 and when nothing listens', async () => {
    let status = 200;
    const stub = await stubServer(() => status);
    try {
      expect(await check(stub.port)).toBe(0);
      status = 503;
      expect(await check(stub.port)).toBe(1);
      expect(stub.paths).toEqual(['/api/health/ready', '/api/health/ready']);
    } finally {
      await stub.close();
    }
    expect(await check(stub.port)).toBe(1);
  });
});

describe('nginx in front of the consoles', () => {
  const conf = readFileSync(path.join(COMPOSE, 'nginx', 'patrol.conf'), 'utf8');
  const openapi = JSON.parse(readFileSync(path.join(REPO, 'apps', 'server', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };

  test('upgrades the console socket’s path to a WebSocket and balances both instances', () => {
    const socketPath = Object.entries(openapi.paths).find(([, operations]) =>
      Object.values(operations).some((operation) => operation.operationId === 'openConsoleSocket'),
    )?.[0];
    expect(socketPath).toBeDefined();
    const block = /location (\/\S*) \{([^}]*)\}/g;
    const locations = [...conf.matchAll(block)].map(([, prefix = '', body = '']) => ({ prefix, body }));
    const socket = locations
      .filter(({ prefix }) => socketPath?.startsWith(prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    if (!socket) throw new Error(`no location of nginx serves ${socketPath}`);
    expect(socket.prefix).not.toBe('/');
    expect(socket.body).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(socket.body).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(conf).toMatch(/server console-1:8080 /);
    expect(conf).toMatch(/server console-2:8080 /);
  });

  test('every proxied location passes the client’s address, scheme and host (TRUST_PROXY reads them)', () => {
    // nginx inherits proxy_set_header only into a block that sets none itself.
    const proxied = [...conf.matchAll(/location (\S+) \{([^}]*)\}/g)].filter(([, , body]) =>
      body?.includes('proxy_pass'),
    );
    expect(proxied.length).toBeGreaterThanOrEqual(2);
    for (const [, prefix, body] of proxied)
      for (const header of [
        'proxy_set_header Host $host;',
        'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
      ])
        expect(body, `${prefix}: ${header}`).toContain(header);
  });

  test('does not serve /metrics to the site', () => {
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  });
});

describe.skipIf(!hasMosquitto)('Mosquitto with dynamic security', () => {
  const plugin = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
  const account = { username: 'patrol-console', password: 'mq-test-0123456789' };
  const data = path.join(work, 'mosquitto');

  test('the set-up makes the console an administrator that may publish to patrol/#, once', async () => {
    const setup = (extra: Record<string, string> = {}) =>
      runProgram('/bin/sh', [path.join(COMPOSE, 'mosquitto', 'init-dynsec.sh')], {
        env: {
          PATH: process.env.PATH,
          DYNSEC_FILE: path.join(data, 'dynamic-security.json'),
          DYNSEC_PLUGIN: plugin,
          MQTT_USERNAME: account.username,
          MQTT_PASSWORD: account.password,
          ...extra,
        },
      });
    execFileSync('mkdir', ['-p', data]);
    const port = await freePort();
    const first = await setup({ DYNSEC_INIT_PORT: String(port) });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('created');
    const made = readFileSync(path.join(data, 'dynamic-security.json'), 'utf8');
    // A second run (a restart, an upgrade) keeps the file and the robots provisioned in it.
    const second = await setup({ DYNSEC_INIT_PORT: String(await freePort()) });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('nothing to do');
    expect(readFileSync(path.join(data, 'dynamic-security.json'), 'utf8')).toBe(made);

    // Compose's broker configuration, on this machine's paths and a free loopback port.
    const brokerPort = await freePort();
    let conf = readFileSync(path.join(COMPOSE, 'mosquitto', 'mosquitto.conf'), 'utf8')
      .replace('/usr/lib/mosquitto_dynamic_security.so', plugin)
      .replaceAll('/mosquitto/data/', `${data}/`)
      .replace(/^listener 1883$/m, `listener ${brokerPort} 127.0.0.1`);
    expect(conf).toContain(`plugin_opt_config_file ${data}/dynamic-security.json`);
    if (process.getuid?.() === 0) conf += 'user root\n';
    writeFileSync(path.join(work, 'mosquitto.conf'), conf);
    const broker = spawn('mosquitto', ['-c', path.join(work, 'mosquitto.conf')], { stdio: 'ignore' });
    try {
      const as = (user?: typeof account) => (user ? ['-u', user.username, '-P', user.password] : ([] as string[]));
      const common = ['-h', '127.0.0.1', '-p', String(brokerPort)];
      // Compose's health check of the broker, as Docker runs it (`$$` is compose's escaped `$`),
      // on this broker's port: healthy once it listens, and only with the console's password.
      const compose = parse(readFileSync(path.join(COMPOSE, 'compose.yaml'), 'utf8')) as {
        services: { mosquitto: Service };
      };
      const [kind, command = ''] = compose.services.mosquitto.healthcheck?.test ?? [];
      expect(kind).toBe('CMD-SHELL');
      const healthCheck = (password: string) =>
        runProgram(
          '/bin/sh',
          ['-c', command.replaceAll('$$', '$').replace('-h 127.0.0.1', `-h 127.0.0.1 -p ${brokerPort}`)],
          {
            env: { PATH: process.env.PATH, MQTT_USERNAME: account.username, MQTT_PASSWORD: password },
          },
        );
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i++) {
        healthy = (await healthCheck(account.password)).code === 0;
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy).toBe(true);
      expect((await healthCheck('wrong')).code).not.toBe(0);
      // The console's account receives what it publishes to a robot's command topic.
      const received = runProgram('mosquitto_sub', [
        ...common,
        ...as(account),
        '-t',
        'patrol/R-1/cmd',
        '-C',
        '1',
        '-W',
        '5',
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = await runProgram('mosquitto_pub', [
        ...common,
        ...as(account),
        '-t',
        'patrol/R-1/cmd',
        '-q',
        '1',
        '-m',
        'hello',
      ]);
      expect(sent.code, sent.stderr).toBe(0);
      expect((await received).stdout.trim()).toBe('hello');
      // Nobody gets in without an account, nor with a wrong password.
      const anonymous = await runProgram('mosquitto_pub', [...common, '-t', 'patrol/R-1/cmd', '-m', 'x']);
      expect(anonymous.code).not.toBe(0);
      const wrong = await runProgram('mosquitto_pub', [
        ...common,
        ...as({ ...account, password: 'wrong' }),
        '-t',
        'patrol/R-1/cmd',
        '-m',
        'x',
      ]);
      expect(wrong.code).not.toBe(0);
    } finally {
      broker.kill('SIGTERM');
    }
  });
});
