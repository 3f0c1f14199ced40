// Sign-in latency over HTTP against the real server on a fresh embedded database: successful
// sign-ins, unknown accounts and wrong passwords (the last two should take about as long as the
// first, so timing does not tell which accounts exist). Prints p50/p95; asserts nothing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms, percentile, startServer } from './server-process.js';

const PASSWORD = 'Bench-login-1x';
const SUCCESSES = Number(process.env.BENCH_LOGINS ?? 200);
const UNKNOWN = 50;
// The account locks after 10 failures in 15 minutes, so fewer wrong passwords than that.
const WRONG = 9;

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

async function signIn(url: string, account: string, password: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/system-server/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: digest(password) }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function series(label: string, n: number, call: () => Promise<{ ms: number; status: number }>, status: number) {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call();
    if (r.status !== status) throw new Error(`${label}: expected HTTP ${status}, got ${r.status}`);
    samples.push(r.ms);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(16)} n=${String(n).padEnd(4)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(samples.at(-1)!)}`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD });
try {
  // Warm up (JIT, connection pool) before measuring.
  for (let i = 0; i < 5; i++) await signIn(server.url, 'admin', PASSWORD);
  await series('sign-in', SUCCESSES, () => signIn(server.url, 'admin', PASSWORD), 200);
  await series(
    'unknown account',
    UNKNOWN,
    () => signIn(server.url, `nobody-${randomBytes(4).toString('hex')}`, PASSWORD),
    401,
  );
  await series('wrong password', WRONG, () => signIn(server.url, 'admin', 'Not-the-password-1'), 401);
  console.log(`server RSS after the run: ${server.rssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
