// The container image's CI step (`TEST_CONTAINER=1 npm test`, or on its own:
// `node --import tsx deploy/container/test-image.ts`): builds the image offline from the release
// tarball, runs it with host networking on the embedded defaults, then two of it on the machine's
// PostgreSQL, Redis and Mosquitto after a one-shot `migrate`, checks readiness and a clean stop,
// saves the OCI archive and inspects it with skopeo. Each check counts as one test; with
// IMAGE_TEST_RESULT the counts are written there as JSON ({ passed, failed, checks }).
// Talks only to 127.0.0.1. The services: TEST_DATABASE_URL (a database of its own is made there and
// dropped), TEST_REDIS_URL and TEST_MQTT_URL, each defaulting to the usual local port.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { archivePath, baseImage, buildImage, mib, releaseTarball, releaseVersion, saveArchive } from './image.js';
import { PODMAN_GLOBAL, RUN_FLAGS, hasCommand, podman } from './podman.js';

type Check = { name: string; ok: boolean; detail: string };

const checks: Check[] = [];
const figures: string[] = [];
const tag = `patrol-image-test-${process.pid}`;
const containers: string[] = [];
const volumes: string[] = [];
let database: { admin: string; name: string } | null = null;

const ADMIN_PASSWORD = 'Image-test-26';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_S = 30;
const ONE_SHOT_TIMEOUT_MS = 120_000;

/** Runs one check; a thrown error fails it with its message. Returns whether it passed. */
async function check(name: string, run: () => Promise<string | void> | string | void): Promise<boolean> {
  try {
    const detail = (await run()) ?? '';
    checks.push({ name, ok: true, detail });
    console.log(`  ✓ ${name}${detail ? ` — ${detail}` : ''}`);
    return true;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    checks.push({ name, ok: false, detail });
    console.log(`  ✗ ${name} — ${detail}`);
    return false;
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A port free on 127.0.0.1 at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readyStatus(port: number): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
    return response.status;
  } catch {
    return 0;
  }
}

function containerState(name: string): { running: boolean; exitCode: number } {
  const r = podman(['container', 'inspect', '--format', '{{.State.Running}} {{.State.ExitCode}}', name]);
  const [running, exitCode] = r.stdout.trim().split(' ');
  return { running: running === 'true', exitCode: Number(exitCode ?? -1) };
}

function tailLogs(name: string): string {
  const r = podman(['logs', '--tail', '30', name]);
  return `${r.stdout}${r.stderr}`.trim();
}

/** Waits for /api/health/ready to answer 200; returns the seconds it took from `since`. */
async function waitReady(name: string, port: number, since: number): Promise<number> {
  while (Date.now() - since < READY_TIMEOUT_MS) {
    if ((await readyStatus(port)) === 200) return (Date.now() - since) / 1000;
    if (!containerState(name).running) throw new Error(`the container ended before it was ready:\n${tailLogs(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s:\n${tailLogs(name)}`);
}

/** Starts a detached server container; returns its start time. */
function startServer(image: string, name: string, env: Record<string, string>, volume: string[]): number {
  const started = Date.now();
  const envFlags = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  const r = podman(['run', '-d', '--name', name, ...RUN_FLAGS, ...volume, ...envFlags, image]);
  if (r.status !== 0) throw new Error(`podman run: ${r.stderr.trim()}`);
  containers.push(name);
  return started;
}

/**
 * `podman stop` (SIGTERM through tini): readiness must answer 503 while the server drains (so a
 * load balancer stops sending it traffic), then the container must end with exit code 0.
 */
async function stopServer(name: string, port: number): Promise<string> {
  const started = Date.now();
  const stop = spawn('podman', [...PODMAN_GLOBAL, 'stop', '-t', String(STOP_TIMEOUT_S), name], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  stop.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stopped = new Promise<number>((resolve) => stop.once('close', (code) => resolve(code ?? 1)));
  let draining = false;
  let done = false;
  void stopped.then(() => (done = true));
  while (!done && !draining) {
    draining = (await readyStatus(port)) === 503;
    if (!draining) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const status = await stopped;
  assert(status === 0, `podman stop: ${stderr.trim()}`);
  const { running, exitCode } = containerState(name);
  assert(!running, 'still running after podman stop');
  assert(exitCode === 0, `exit code ${exitCode}:\n${tailLogs(name)}`);
  assert(draining, 'readiness never answered 503 between SIGTERM and the end');
  return `503 while draining, exit 0 after ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** A one-shot container (`migrate`, `migration-status`): its exit code and output. */
function oneShot(image: string, env: Record<string, string>, args: string[]): { status: number; output: string } {
  const envFlags = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  // Named, so that one the time-out leaves running is removed with the others.
  const name = `${tag}-${args[0]}`;
  containers.push(name);
  // No health check: a one-shot serves nothing (and podman would try to schedule it with systemd).
  const r = podman(['run', '--rm', '--no-healthcheck', '--name', name, ...RUN_FLAGS, ...envFlags, image, ...args], {
    timeoutMs: ONE_SHOT_TIMEOUT_MS,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() };
}

function psql(url: string, sql: string): void {
  const r = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql: ${(r.stderr || String(r.error)).trim()}`);
}

function cleanUp(): void {
  for (const name of containers) podman(['rm', '-f', '-v', name]);
  for (const name of volumes) podman(['volume', 'rm', '-f', name]);
  if (database) {
    try {
      psql(database.admin, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    } catch (error) {
      console.log(`could not drop the database ${database.name}: ${String(error)}`);
    }
  }
}

async function embeddedDefaults(image: string): Promise<void> {
  console.log('\nembedded defaults (PGlite, in-process bus, embedded broker), host networking');
  const name = `${tag}-embedded`;
  const volume = `${tag}-data`;
  const port = await freePort();
  const mqttPort = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    PATROL_ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
  let started = 0;
  const ran = await check('embedded: the container starts on a named data volume', () => {
    assert(podman(['volume', 'create', volume]).status === 0, 'podman volume create failed');
    volumes.push(volume);
    started = startServer(image, name, env, ['-v', `${volume}:/var/lib/patrol`]);
  });
  if (!ran) return;
  const ready = await check('embedded: /api/health/ready answers 200', async () => {
    const seconds = await waitReady(name, port, started);
    figures.push(`time to ready, embedded defaults (first start, empty volume): ${seconds.toFixed(1)} s`);
    return `${seconds.toFixed(1)} s after podman run`;
  });
  if (ready) {
    await check("embedded: the image's HEALTHCHECK (its own Node, no curl) passes", () => {
      const r = podman(['healthcheck', 'run', name]);
      assert(r.status === 0, `podman healthcheck run: exit ${r.status} ${r.stdout}${r.stderr}`);
    });
    await check('embedded: tini is PID 1, the server runs as uid 10001 and owns the data volume', () => {
      const r = podman([
        'exec',
        name,
        'sh',
        '-c',
        'cat /proc/1/comm; id -u; id -g; ls -A /var/lib/patrol | wc -l; find /var/lib/patrol ! -user 10001 | wc -l',
      ]);
      assert(r.status === 0, `podman exec: ${r.stderr.trim()}`);
      const [comm, uid, gid, entries, foreign] = r.stdout.trim().split('\n');
      assert(comm === 'tini', `PID 1 is ${comm}`);
      assert(uid === '10001' && gid === '10001', `uid ${uid}, gid ${gid}`);
      assert(Number(entries) > 0, 'the server wrote nothing in /var/lib/patrol');
      assert(foreign === '0', `${foreign} entries of /var/lib/patrol belong to another user`);
    });
  }
  await check('embedded: podman stop (SIGTERM): readiness 503 during the drain, then exit code 0', () =>
    stopServer(name, port),
  );
}

async function onPostgres(image: string): Promise<void> {
  console.log('\ntwo instances on PostgreSQL, Redis and Mosquitto, host networking');
  const baseUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const mqttUrl = process.env.TEST_MQTT_URL || 'mqtt://127.0.0.1:1883';
  const name = `patrol_image_${process.pid}`;
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${name}`;
  const shared = {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.href,
    REDIS_URL: redisUrl,
    MQTT_URL: mqttUrl,
    FILE_STORAGE: 'database',
    PATROL_ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
  const made = await check('PostgreSQL: a fresh database', () => {
    psql(baseUrl.href, `CREATE DATABASE ${name}`);
    database = { admin: baseUrl.href, name };
    return name;
  });
  if (!made) return;
  const migrated = await check('PostgreSQL: `migrate` in a one-shot container exits 0', () => {
    const r = oneShot(image, shared, ['migrate']);
    assert(r.status === 0, `exit ${r.status}:\n${r.output.split('\n').slice(-20).join('\n')}`);
  });
  if (!migrated) return;
  await check('PostgreSQL: `migration-status` then exits 0 (up to date)', () => {
    const r = oneShot(image, shared, ['migration-status']);
    assert(r.status === 0, `exit ${r.status}:\n${r.output.split('\n').slice(-20).join('\n')}`);
  });

  const instances = await Promise.all(
    ['a', 'b'].map(async (suffix) => ({
      name: `${tag}-pg-${suffix}`,
      port: await freePort(),
      mqttPort: await freePort(),
      suffix,
    })),
  );
  const starts = new Map<string, number>();
  for (const instance of instances) {
    await check(`PostgreSQL: instance ${instance.suffix} starts`, () => {
      const env = {
        ...shared,
        PORT: String(instance.port),
        MQTT_PORT: String(instance.mqttPort),
        INSTANCE_ID: `image-test-${instance.suffix}`,
      };
      starts.set(instance.name, startServer(image, instance.name, env, []));
    });
  }
  for (const instance of instances) {
    const started = starts.get(instance.name);
    if (started === undefined) continue;
    await check(`PostgreSQL: instance ${instance.suffix} /api/health/ready answers 200`, async () => {
      const seconds = await waitReady(instance.name, instance.port, started);
      figures.push(
        `time to ready, PostgreSQL instance ${instance.suffix} (migrated database): ${seconds.toFixed(1)} s`,
      );
      return `${seconds.toFixed(1)} s after podman run`;
    });
  }
  for (const instance of instances) {
    if (!starts.has(instance.name)) continue;
    await check(`PostgreSQL: podman stop: instance ${instance.suffix} answers 503 while draining, then exits 0`, () =>
      stopServer(instance.name, instance.port),
    );
  }
}

type ImageConfig = {
  config?: {
    User?: string;
    ExposedPorts?: Record<string, unknown>;
    Volumes?: Record<string, unknown>;
    Labels?: Record<string, string>;
    Entrypoint?: string[];
    Cmd?: string[];
    StopSignal?: string;
    Env?: string[];
  };
};

async function archive(image: string, version: string): Promise<void> {
  console.log('\nthe OCI archive');
  const file = archivePath(version);
  const saved = await check('podman save --format oci-archive writes the archive', async () => {
    const { sizeBytes } = await saveArchive(image, version);
    figures.push(`OCI archive ${path.basename(file)}: ${mib(sizeBytes)}`);
    return `${path.relative(process.cwd(), file)}, ${mib(sizeBytes)}`;
  });
  if (!saved) return;
  await check('skopeo inspect: user 10001, ports 8080 and 1883, the data volume, tini, SIGTERM', () => {
    const r = spawnSync('skopeo', ['inspect', '--config', `oci-archive:${file}`], { encoding: 'utf8' });
    assert(r.status === 0, `skopeo inspect --config: ${r.stderr.trim()}`);
    const { config = {} } = JSON.parse(r.stdout) as ImageConfig;
    assert(config.User === '10001:10001', `user ${config.User}`);
    const ports = Object.keys(config.ExposedPorts ?? {}).sort();
    assert(ports.join(',') === '1883/tcp,8080/tcp', `ports ${ports.join(', ')}`);
    assert(
      Object.keys(config.Volumes ?? {}).join(',') === '/var/lib/patrol',
      `volumes ${Object.keys(config.Volumes ?? {})}`,
    );
    assert(config.Env?.includes('DATA_DIR=/var/lib/patrol'), 'DATA_DIR is not /var/lib/patrol');
    assert(
      JSON.stringify(config.Entrypoint) === JSON.stringify(['tini', '--', '/opt/patrol/bin/patrol']) &&
        JSON.stringify(config.Cmd) === JSON.stringify(['serve']),
      `entrypoint ${JSON.stringify(config.Entrypoint)} ${JSON.stringify(config.Cmd)}`,
    );
    assert(config.StopSignal === 'SIGTERM', `stop signal ${config.StopSignal}`);
  });
  await check('skopeo inspect: the OCI labels (version, source, licenses)', () => {
    const r = spawnSync('skopeo', ['inspect', `oci-archive:${file}`], { encoding: 'utf8' });
    assert(r.status === 0, `skopeo inspect: ${r.stderr.trim()}`);
    const { Labels: labels = {}, Architecture: arch } = JSON.parse(r.stdout) as {
      Labels?: Record<string, string>;
      Architecture?: string;
    };
    assert(arch === 'amd64', `architecture ${arch}`);
    assert(
      labels['org.opencontainers.image.version'] === version,
      `version ${labels['org.opencontainers.image.version']}`,
    );
    for (const key of ['source', 'licenses', 'revision', 'created'])
      assert(labels[`org.opencontainers.image.${key}`], `no org.opencontainers.image.${key}`);
    return `version ${version}, revision ${labels['org.opencontainers.image.revision']?.slice(0, 12)}`;
  });
  await check(
    "the archive for Docker: manifest.json names patrol-console:<version> with the image's HEALTHCHECK",
    () => {
      const listed = spawnSync('tar', ['-xOf', file, 'manifest.json'], { encoding: 'utf8' });
      assert(listed.status === 0, `no manifest.json in the archive: ${listed.stderr.trim()}`);
      const [entry] = JSON.parse(listed.stdout) as { RepoTags?: string[] }[];
      assert(entry?.RepoTags?.join(',') === `patrol-console:${version}`, `RepoTags ${JSON.stringify(entry?.RepoTags)}`);
      // What docker load reads: the Docker config through manifest.json.
      const r = spawnSync('skopeo', ['inspect', '--raw', '--config', `docker-archive:${file}`], { encoding: 'utf8' });
      assert(r.status === 0, `skopeo inspect docker-archive: ${r.stderr.trim()}`);
      const test =
        (JSON.parse(r.stdout) as { config?: { Healthcheck?: { Test?: string[] } } }).config?.Healthcheck?.Test ?? [];
      assert(
        test[0] === 'CMD' && test[1] === '/opt/patrol/node/bin/node' && test.join(' ').includes('/api/health/ready'),
        `health check ${JSON.stringify(test)}`,
      );
    },
  );
  await check(
    'on an empty podman storage (a host with no registry): podman load, and podman pull docker-archive: with the HEALTHCHECK',
    () => {
      const store = mkdtempSync(path.join(tmpdir(), 'patrol-load-'));
      const on = ['--root', path.join(store, 'root'), '--runroot', path.join(store, 'run')];
      try {
        const loaded = podman([...on, 'load', '-i', file]);
        assert(loaded.status === 0, `podman load: ${loaded.stderr.trim()}`);
        const labels = podman([
          ...on,
          'image',
          'inspect',
          '--format',
          '{{index .Labels "org.opencontainers.image.version"}}',
          `localhost/patrol-console:${version}`,
        ]);
        assert(
          labels.stdout.trim() === version,
          `podman load: no localhost/patrol-console:${version} (${loaded.stdout.trim()} ${labels.stderr.trim()})`,
        );
        const pulled = podman([...on, 'pull', `docker-archive:${file}`]);
        assert(pulled.status === 0, `podman pull docker-archive: ${pulled.stderr.trim()}`);
        const health = podman([
          ...on,
          'image',
          'inspect',
          '--format',
          '{{json .HealthCheck}}',
          pulled.stdout.trim().split('\n').at(-1) ?? '',
        ]);
        assert(
          health.stdout.includes('/api/health/ready'),
          `health check after podman pull: ${health.stdout.trim()} ${health.stderr.trim()}`,
        );
      } finally {
        podman([...on, 'rmi', '-a', '-f']);
        spawnSync('rm', ['-rf', store]);
      }
    },
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const version = releaseVersion();
  let image: string | null = null;
  const tools = await check('podman, skopeo and psql are installed', () => {
    const missing = ['podman', 'skopeo', 'psql'].filter((tool) => !hasCommand(tool));
    assert(
      missing.length === 0,
      `missing: ${missing.join(', ')} (apt-get install podman skopeo runc mmdebstrap postgresql-client)`,
    );
  });
  if (tools) {
    await check('the image builds offline from the release tarball', async () => {
      const tarball = await releaseTarball(version);
      const base = baseImage();
      figures.push(`base image ${base.image}: ${base.seconds.toFixed(0)} s (cached unless base.packages changes)`);
      const built = buildImage(tarball, version, base.image);
      figures.push(`image ${built.image}: ${mib(built.sizeBytes)}, built in ${built.seconds.toFixed(0)} s`);
      image = built.image;
      return `${built.image}, ${mib(built.sizeBytes)}`;
    });
  }
  try {
    if (image) {
      await embeddedDefaults(image);
      await onPostgres(image);
      await archive(image, version);
    }
  } finally {
    cleanUp();
  }
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  figures.push(`the whole step: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`\n${figures.join('\n')}\n\ncontainer image: ${passed} passed, ${failed} failed`);
  if (process.env.IMAGE_TEST_RESULT)
    writeFileSync(process.env.IMAGE_TEST_RESULT, `${JSON.stringify({ passed, failed, checks, figures }, null, 2)}\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
