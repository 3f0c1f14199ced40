// Authenticated reads under load against the real server, each beside a bare node:http server
// answering a JSON body of the same size in the same run: home data (session, roles, menu tree)
// and the first page of users. Prints requests/s and the ratio to bare; asserts nothing.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set (a fresh database is made there).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from './server-process.js';

const PASSWORD = 'Bench-api-1x';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READS = [
  { name: 'home data', path: '/api/system-server/user/get/home/date', goal: 0.5 },
  { name: 'users page 1', path: '/api/system-server/user/page?index=1&size=10', goal: 0.25 },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** CONCURRENCY callers, each sending its next request when the last one is answered, for `seconds`. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const res = await get(url, headers);
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - started) / 1000);
}

/** A bare node:http server in its own process answering `body` as JSON, like the real one runs apart. */
async function startBare(body: string): Promise<{ url: string; stop(): void }> {
  const script = `
    const body = Buffer.from(process.env.BARE_BODY);
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BARE_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/system-server/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: createHash('sha256').update(PASSWORD).digest('hex') }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function run(label: string, env: Record<string, string>) {
  const server = await startServer({ ...env, PATROL_ADMIN_PASSWORD: PASSWORD });
  try {
    const headers = { authorization: `Bearer ${await signIn(server.url)}` };
    for (const read of READS) {
      const sample = await get(server.url + read.path, headers);
      if (sample.status !== 200) throw new Error(`${read.name}: HTTP ${sample.status}`);
      const bare = await startBare(sample.body);
      try {
        // Warm up both (JIT, caches, connections) before measuring.
        await load(server.url + read.path, headers, 1);
        await load(bare.url, {}, 1);
        const real = await load(server.url + read.path, headers, SECONDS);
        const base = await load(bare.url, {}, SECONDS);
        const ratio = real / base;
        console.log(
          `${label.padEnd(10)} ${read.name.padEnd(13)} ${real.toFixed(0).padStart(6)} req/s   bare ${base
            .toFixed(0)
            .padStart(6)} req/s   ratio ${ratio.toFixed(2)} (goal ≥${read.goal})   body ${sample.body.length} B`,
        );
      } finally {
        bare.stop();
      }
    }
  } finally {
    await server.stop();
  }
}

console.log(`concurrency ${CONCURRENCY}, ${SECONDS} s per target, keep-alive`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
try {
  await run('PGlite', { DATA_DIR: dataDir });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const baseUrl = process.env.BENCH_DATABASE_URL?.trim();
if (baseUrl) {
  const name = `patrol_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pgDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
  try {
    await run('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(pgDir, { recursive: true, force: true });
  }
}
agent.destroy();
