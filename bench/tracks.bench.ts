// Track points: what storing and reading a fleet's positions costs.
//   P3  the recorder's batched insert (one INSERT … SELECT FROM unnest(...) per batch of
//       TRACK_BATCH_ROWS, as the server writes) against a raw COPY of the same rows, on PostgreSQL
//       (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test, in a scratch schema dropped
//       afterwards) and on PGlite in memory (its COPY FROM '/dev/blob'); target ≥ 0.3×.
//   P4  one robot-day (86,400 points) fetched and simplified for the map (the track query's work)
//       against the bare SELECT of the same rows; median of BENCH_REPEAT runs; target ≤ 1.5×.
//   Loss BENCH_ROBOTS robots at 1 Hz for BENCH_MINUTES through the real server and its embedded
//       broker (the compiled server, `npm run build` first): messages published vs points stored,
//       read back through the track query of each robot.
// BENCH_QUICK=1 runs a small version of each (CI-sized). BENCH_SKIP=pg,pglite,loss leaves parts out.
// Prints figures; asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { tracksApi, type ServerInstance, type TrackResult } from '@patrol/contracts';
import { ConsoleApi } from '@patrol/robot-sim';
import type { Db } from '@patrol/server/src/platform/db.js';
import { TRACK_BATCH_ROWS } from '@patrol/server/src/modules/tracks/tracks.recorder.js';
import {
  insertTrackPoints,
  trackPointsBetween,
  type TrackPointRow,
} from '@patrol/server/src/modules/tracks/tracks.repository.js';
import { downsample } from '@patrol/server/src/modules/tracks/tracks.simplify.js';
import { loadTelemetry, registerLoadRobots, startLoad } from './load.js';
import { ms, startServer } from './server-process.js';

const QUICK = process.env.BENCH_QUICK === '1';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const P3_ROWS = Number(process.env.BENCH_P3_ROWS ?? (QUICK ? 20_000 : 200_000));
const DAY_POINTS = QUICK ? 8_640 : 86_400;
const REPEAT = Number(process.env.BENCH_REPEAT ?? (QUICK ? 3 : 7));
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? (QUICK ? 50 : 1000));
const MINUTES = Number(process.env.BENCH_MINUTES ?? (QUICK ? 0.5 : 10));
const PASSWORD = 'Bench-tracks-1x';
// The migration that creates the track table, found by its name (its number follows the others).
const MIGRATIONS_DIR = new URL('../apps/server/src/db/migrations/', import.meta.url);
const MIGRATION = readFileSync(
  new URL(readdirSync(MIGRATIONS_DIR).find((name) => /^\d+_tracks\.sql$/.test(name))!, MIGRATIONS_DIR),
  'utf8',
).split('--> statement-breakpoint');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rate = (rows: number, millis: number) => `${Math.round(rows / (millis / 1000)).toLocaleString('en-US')} rows/s`;

/** `count` points of `robots` robots at 1 Hz from a fixed day, as a fleet sends them (time-major). */
function fleetRows(count: number, robots: number): TrackPointRow[] {
  const t0 = Date.UTC(2026, 10, 24);
  return Array.from({ length: count }, (_, i) => {
    const robot = (i % robots) + 1;
    const second = Math.floor(i / robots);
    return {
      robotId: robot,
      tenantId: 1,
      ts: t0 + second * 1000,
      lat: 22.54 + Math.sin(second / 300 + robot) * 0.002,
      lng: 114.05 + Math.cos(second / 300 + robot) * 0.002,
      speed: 1.2 + (second % 10) / 10,
      direction: (second * 7) % 360,
      mode: 'patrolling',
    };
  });
}

/** The rows as the COPY text of the table's column order. */
const csv = (rows: TrackPointRow[]) =>
  rows
    .map((r) => `${r.robotId},${r.ts},${r.tenantId},${r.lat},${r.lng},${r.speed},${r.direction},${r.mode}`)
    .join('\n') + '\n';

type Engine = {
  name: string;
  db: Db;
  exec(sql: string): Promise<void>;
  /** COPY of the rows' CSV into track_points; answers the statement's time (ms). */
  copy(text: string): Promise<number>;
  close(): Promise<void>;
};

async function postgresEngine(): Promise<Engine> {
  const schema = `tracks_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path to ${schema}`);
  const file = path.join(tmpdir(), `${schema}.csv`);
  return {
    name: 'PostgreSQL',
    db: drizzlePg(client, { casing: 'snake_case' }) as unknown as Db,
    exec: async (sql) => void (await client.query(sql)),
    copy: async (text) => {
      // A server-side COPY of a file: the server reads and parses the rows itself, no client in between.
      const { writeFile, chmod } = await import('node:fs/promises');
      await writeFile(file, text);
      await chmod(file, 0o644);
      const started = performance.now();
      await client.query(`copy track_points from '${file}' with (format csv)`);
      return performance.now() - started;
    },
    close: async () => {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      await rm(file, { force: true });
    },
  };
}

async function pgliteEngine(): Promise<Engine> {
  const lite = await PGlite.create();
  return {
    name: 'PGlite',
    db: drizzlePglite(lite, { casing: 'snake_case' }) as unknown as Db,
    exec: async (sql) => void (await lite.exec(sql)),
    copy: async (text) => {
      const blob = new Blob([text]);
      const started = performance.now();
      await lite.query(`copy track_points from '/dev/blob' with (format csv)`, [], { blob });
      return performance.now() - started;
    },
    close: () => lite.close(),
  };
}

async function createTable(engine: Engine) {
  await engine.exec('drop table if exists track_points');
  for (const statement of MIGRATION) await engine.exec(statement);
}

/** P3: the recorder's batches against COPY, each into an empty table. */
async function p3(engine: Engine) {
  const rows = fleetRows(P3_ROWS, 1000);
  await createTable(engine);
  const batchStarted = performance.now();
  for (let i = 0; i < rows.length; i += TRACK_BATCH_ROWS)
    await insertTrackPoints(engine.db, rows.slice(i, i + TRACK_BATCH_ROWS));
  const batched = performance.now() - batchStarted;

  await createTable(engine);
  const csvStarted = performance.now();
  const text = csv(rows);
  const built = performance.now() - csvStarted;
  const copied = await engine.copy(text);
  console.log(`P3 ${engine.name}: ${rows.length.toLocaleString('en-US')} rows, batches of ${TRACK_BATCH_ROWS}`);
  console.log(`  batched insert  ${ms(batched)}  ${rate(rows.length, batched)}`);
  console.log(`  COPY            ${ms(copied)}  ${rate(rows.length, copied)}  (+ ${ms(built)} to build its CSV)`);
  console.log(`  batched ÷ COPY  ${(copied / batched).toFixed(2)}× (target ≥ 0.3×)`);
}

/** P4: a robot-day fetched and simplified, against the bare SELECT. */
async function p4(engine: Engine) {
  await createTable(engine);
  const rows = fleetRows(DAY_POINTS, 1);
  await engine.copy(csv(rows));
  await engine.exec('analyze track_points');
  const from = rows[0]!.ts;
  const to = rows.at(-1)!.ts;
  const select = () => trackPointsBetween(engine.db, 1, 1, from, to);
  await select();
  const bare: number[] = [];
  const full = new Map<number, number[]>();
  const kept = new Map<number, number>();
  for (let i = 0; i < REPEAT; i++) {
    let started = performance.now();
    await select();
    bare.push(performance.now() - started);
    for (const zoom of [14, 16, 18]) {
      started = performance.now();
      const points = downsample(await select(), zoom);
      full.set(zoom, [...(full.get(zoom) ?? []), performance.now() - started]);
      kept.set(zoom, points.length);
    }
  }
  console.log(`P4 ${engine.name}: one robot-day, ${rows.length.toLocaleString('en-US')} points, median of ${REPEAT}`);
  console.log(`  bare SELECT                  ${ms(median(bare))}`);
  for (const [zoom, times] of full) {
    console.log(
      `  SELECT + simplify, zoom ${String(zoom).padEnd(2)}   ${ms(median(times))}  ` +
        `${(median(times) / median(bare)).toFixed(2)}× (target ≤ 1.5×), ${kept.get(zoom)} points kept`,
    );
  }
}

/** Loss: a fleet at 1 Hz through the real broker and server; published against stored. */
async function loss() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-tracks-bench-'));
  const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD });
  try {
    const api = new ConsoleApi(server.url);
    const { token } = await api.signIn('admin', PASSWORD);
    const robots = await registerLoadRobots(api, server.mqttUrl, ROBOTS, `TB${process.pid}`);
    const load = await startLoad({ url: server.mqttUrl, robots, telemetry: loadTelemetry() });
    const from = Date.now() - 1000;
    const published = await load.run({ rate: load.connected, robots: load.connected, seconds: MINUTES * 60 });
    await load.stop();
    // The recorder writes every second: let the last batch land.
    await new Promise((r) => setTimeout(r, 3000));
    const to = Date.now();
    let stored = 0;
    for (const robot of robots) {
      const query = new URLSearchParams({ robotId: String(robot.robotId), from: String(from), to: String(to) });
      const res = await fetch(`${server.url}/api${tracksApi.queryTrack.path}?${query.toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const track = ((await res.json()) as { data: TrackResult }).data;
      stored += track.rawCount;
    }
    console.log(
      `Loss: ${load.connected} robots at 1 Hz for ${MINUTES} min through the server (embedded broker, PGlite)`,
    );
    console.log(
      `  published ${published.toLocaleString('en-US')}, stored ${stored.toLocaleString('en-US')}, lost ${published - stored}`,
    );
    console.log(`  server RSS ${server.rssMiB().toFixed(0)} MiB`);
    // Where the difference went, from the server's own counts in its next service-list report.
    const notBefore = Date.now();
    for (;;) {
      const res = await fetch(`${server.url}/api/system-server/server/list`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const rows = ((await res.json()) as { data: ServerInstance[] }).data;
      const me = rows.find((r) => r.pid === server.pid);
      if (me && Date.parse(me.lastSeenAt) >= notBefore) {
        for (const part of me.parts.filter((p) => p.name === 'broker' || p.name === 'tracks'))
          console.log(`  ${part.name}: ${part.detail ?? ''}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const [key, make] of [
  ['pg', postgresEngine],
  ['pglite', pgliteEngine],
] as const) {
  if (SKIP.has(key)) continue;
  const engine = await make();
  try {
    await p3(engine);
    await p4(engine);
  } finally {
    await engine.close();
  }
}
if (!SKIP.has('loss')) await loss();
