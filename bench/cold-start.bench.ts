// Cold start to ready: the server started as `npm run serve` would, on the embedded defaults, timed
// from process spawn to the first healthy GET /api/health. "Fresh" starts on an empty DATA_DIR
// (creates the embedded database, runs the migrations, seeds the first administrator); "warm"
// starts again on the data the fresh start left. Prints the figures; asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms, percentile, startServer } from './server-process.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const fresh: number[] = [];
const warm: number[] = [];
let rss = 0;

for (let i = 0; i < RUNS; i++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
  const env = { DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: 'Bench-start-1x' };
  try {
    const first = await startServer(env);
    fresh.push(first.readyMs);
    await first.stop();
    const second = await startServer(env);
    warm.push(second.readyMs);
    rss = Math.max(rss, second.rssMiB());
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`run ${i + 1}/${RUNS}: fresh ${ms(fresh.at(-1)!)}, warm ${ms(warm.at(-1)!)}`);
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${ms(percentile(s, 50))}, min ${ms(s[0]!)}, max ${ms(s.at(-1)!)}`;
};
console.log(`cold start to ready, fresh DATA_DIR (${RUNS} runs): ${summary(fresh)}`);
console.log(`cold start to ready, existing DATA_DIR (${RUNS} runs): ${summary(warm)}`);
console.log(`server RSS when ready: ${rss.toFixed(0)} MiB`);
