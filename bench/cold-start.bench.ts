// Cold start to ready: the compiled server started as `npm run serve` would, on the embedded
// defaults, timed from process spawn to the first healthy GET /api/health. "Fresh" starts on an
// empty DATA_DIR (creates the embedded database, runs the migrations, seeds the first
// administrator); "existing" starts again on the data the fresh start left. A bare node HTTP server
// started the same way is the yardstick for time and memory. Prints the figures; asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms, percentile, startServer } from './server-process.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const fresh: number[] = [];
const warm: number[] = [];
const freshRss: number[] = [];
const warmRss: number[] = [];
const bare: number[] = [];
const bareRss: number[] = [];

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** `node -e` with an HTTP server answering 200: the least a node server costs to start. */
async function bareNode(): Promise<{ readyMs: number; rss: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:http').createServer((q, r) => r.end('{}'));
       s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
    if (res?.ok) break;
  }
  const readyMs = performance.now() - started;
  const rss = rssMiB(child.pid!);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { readyMs, rss };
}

for (let i = 0; i < RUNS; i++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
  const env = { DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: 'Bench-start-1x' };
  try {
    const first = await startServer(env);
    fresh.push(first.readyMs);
    freshRss.push(first.rssMiB());
    await first.stop();
    const second = await startServer(env);
    warm.push(second.readyMs);
    warmRss.push(second.rssMiB());
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const node = await bareNode();
  bare.push(node.readyMs);
  bareRss.push(node.rss);
  console.log(
    `run ${i + 1}/${RUNS}: fresh ${ms(fresh.at(-1)!)}, existing ${ms(warm.at(-1)!)}, bare node ${ms(bare.at(-1)!)}`,
  );
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${ms(percentile(s, 50))}, min ${ms(s[0]!)}, max ${ms(s.at(-1)!)}`;
};
const times = (x: number, base: number) => `${(x / base).toFixed(1)}× bare node`;
const mib = (n: number) => `${n.toFixed(0)} MiB`;
console.log(`node ${process.version}`);
console.log(
  `cold start to ready, fresh DATA_DIR (${RUNS} runs): ${summary(fresh)} (${times(median(fresh), median(bare))})`,
);
console.log(
  `cold start to ready, existing DATA_DIR (${RUNS} runs): ${summary(warm)} (${times(median(warm), median(bare))})`,
);
console.log(`bare node HTTP server to ready (${RUNS} runs): ${summary(bare)}`);
console.log(
  `RSS when ready, fresh DATA_DIR: median ${mib(median(freshRss))} (${times(median(freshRss), median(bareRss))})`,
);
console.log(
  `RSS when ready, existing DATA_DIR: median ${mib(median(warmRss))} (${times(median(warmRss), median(bareRss))})`,
);
console.log(`RSS of the bare node HTTP server: median ${mib(median(bareRss))}`);
