// The embedded database's committed write rate, as the server runs it (PGlite on its own thread):
// BENCH_WRITES (2000) single-row inserts of a telemetry-sized row, one after another, each its own
// committed transaction, on a fresh data folder; with durability off (PGlite's own default: fsync
// off, a commit survives a killed process but not a power cut) and on (the server's default: the
// write-ahead log is flushed to the disk before the commit is acknowledged). Prints writes a
// second, p50 and p95 latency, and the write-ahead log's size at the end. BENCH_DIR puts the data
// folders on another disk (the system's temporary folder by default). Asserts nothing.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteThreadClient } from '@patrol/server/src/platform/pglite-thread.js';
import { ms, percentile } from './server-process.js';

const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const ROOT = process.env.BENCH_DIR?.trim() || tmpdir();

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await folderBytes(full) : (await stat(full)).size;
  }
  return total;
}

async function measure(durable: boolean) {
  const dir = await mkdtemp(path.join(ROOT, 'patrol-bench-writes-'));
  const db = await PgliteThreadClient.open(path.join(dir, 'pglite'), { durable });
  try {
    await db.query(`create table state (id bigint generated always as identity primary key,
      robot_id integer not null, at timestamptz not null, payload jsonb not null)`);
    const payload = JSON.stringify({
      battery: 87.5,
      speed: 1.2,
      lat: 31.2304,
      lng: 121.4737,
      heading: 270,
      mode: 'patrol',
    });
    // A few writes first: the first ones also create the table's files.
    for (let i = 0; i < 50; i++)
      await db.query('insert into state (robot_id, at, payload) values ($1, now(), $2)', [i, payload]);
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < WRITES; i++) {
      const t = performance.now();
      await db.query('insert into state (robot_id, at, payload) values ($1, now(), $2)', [i % 200, payload]);
      latencies.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const wal = await folderBytes(path.join(dir, 'pglite', 'pg_wal'));
    return { rate: WRITES / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), wal };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`embedded database: ${WRITES} committed single-row writes, one at a time, in ${ROOT}`);
for (const durable of [false, true]) {
  const r = await measure(durable);
  console.log(
    `durability ${durable ? 'on ' : 'off'}: ${Math.round(r.rate)} writes/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, write-ahead log ${(r.wal / 1024 / 1024).toFixed(0)} MB`,
  );
}
