// Starts the real server as a user would (`npm run serve`: node on the compiled
// apps/server/dist/main.js, built by `npm run build`) and reports when it is ready, so benchmarks
// measure the product, not a test harness.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = 'apps/server/dist/main.js';
/** Node's own options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (NODE_OPTIONS refuses --cpu-prof). */
const NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

export type RunningServer = {
  url: string;
  /** The embedded broker's URL (unless MQTT_URL was given). */
  mqttUrl: string;
  pid: number;
  /** Wall time from spawn to the first healthy answer of GET /api/health, in ms. */
  readyMs: number;
  /** Resident memory of the server process now, in MiB (Linux). */
  rssMiB(): number;
  /** Settles when the process has ended, with its exit code (null when a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
};

/** A port free on loopback now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(`${root}/${SERVER_BUNDLE}`)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);
  const port = await freePort();
  const mqttPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...NODE_ARGS, SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      MQTT_PORT: String(mqttPort),
      // A bench stops its server at once unless it measures the drain.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | null = null;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.once('exit', (code) => (exited = code ?? 1));
  for (;;) {
    if (exited !== null) throw new Error(`the server exited with ${exited} before it was ready`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    mqttUrl: env.MQTT_URL ?? `mqtt://127.0.0.1:${mqttPort}`,
    pid: child.pid!,
    readyMs,
    exited: ended,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Percentile of sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
