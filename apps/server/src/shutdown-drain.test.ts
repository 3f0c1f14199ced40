import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { digest } from '../test/factories.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as {
    version: string;
  }
).version;
const DRAIN_MS = 3000;
const PASSWORD = 'Patrol-test-7x';
const baseUrl = process.env.TEST_DATABASE_URL?.trim();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The server as a site runs it (`patrol serve`, a child process), stopped by SIGTERM as a service
 * manager or an orchestrator stops it: on PostgreSQL when TEST_DATABASE_URL is set, else on the
 * embedded database in a new data folder.
 */
describe('SIGTERM drains before the server closes', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('readiness turns 503 at once, the API still answers for SHUTDOWN_DRAIN_MS, then the process exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-drain-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (baseUrl) {
      const name = `patrol_drain_${process.pid}_${randomBytes(5).toString('hex')}`;
      await adminQuery(`create database "${name}"`);
      cleanups.push(() => adminQuery(`drop database if exists "${name}" with (force)`));
      databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
    }
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        DATA_DIR: path.join(dataDir, 'data'),
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        PATROL_ADMIN_PASSWORD: PASSWORD,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        INSTANCE_ID: 'drain-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => child.kill('SIGKILL'));
    let out = '';
    const ready = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 150_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /ready in \d+ ms at http:\/\/localhost:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${m[1]}`);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await ready;
    const status = (p: string) => fetch(`${url}${p}`).then((r) => r.status);
    const signIn = () =>
      fetch(`${url}/api/system-server/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: digest(PASSWORD) }),
      }).then((r) => r.status);

    let readyStatus = await status('/api/health/ready');
    for (let i = 0; i < 100 && readyStatus !== 200; i++) {
      await sleep(100);
      readyStatus = await status('/api/health/ready');
    }
    expect(readyStatus).toBe(200);

    const signalled = Date.now();
    child.kill('SIGTERM');
    let notReadyAfter = -1;
    for (let i = 0; i < 40; i++) {
      if ((await status('/api/health/ready')) === 503) {
        notReadyAfter = Date.now() - signalled;
        break;
      }
      await sleep(25);
    }
    // Still serving: a sign-in (the database, the password check) and liveness, while not ready.
    const duringDrain = { signIn: await signIn(), live: await status('/api/health/live') };
    const servedAfter = Date.now() - signalled;
    const code = await exited;
    const stoppedAfter = Date.now() - signalled;

    expect(notReadyAfter).toBeGreaterThanOrEqual(0);
    expect(notReadyAfter).toBeLessThan(1000);
    expect(duringDrain).toEqual({ signIn: 200, live: 200 });
    expect(servedAfter).toBeLessThan(DRAIN_MS);
    expect({ code, out: code === 0 ? '' : out.slice(-3000) }).toEqual({ code: 0, out: '' });
    expect(stoppedAfter).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(stoppedAfter).toBeLessThan(DRAIN_MS + 10_000);

    // Every log line names the instance and the version.
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { instance?: string; version?: string; msg?: string });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((l) => l.instance !== 'drain-test' || l.version !== VERSION)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain(
      `SIGTERM: not ready; serving ${DRAIN_MS} ms more (SHUTDOWN_DRAIN_MS) before shutting down`,
    );
  }, 240_000);
});
