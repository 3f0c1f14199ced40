// The telemetry pipeline under load. A lean load generator (raw MQTT clients in a worker thread, one
// per registered robot, publishing valid telemetry at a paced rate) drives:
//   1. the broker alone: the same clients into a bare broker with one bare subscriber, ramping the
//      rate with a fixed number of messages per step, so it never overflows; the highest rate carried
//      with nothing lost; then its publish-to-subscriber latency at the fleet's rate;
//   2. the server: the same ramp into the real server, each step spanning one service-list report,
//      so the server's own ingest count is compared with what was published; the highest rate ingested
//      with nothing lost, and that rate ÷ the broker alone;
//   3. the fleet: BENCH_ROBOTS robots (1000) at BENCH_HZ (1) for BENCH_SECONDS (30) with BENCH_CONSOLES
//      (10) console sockets watching: ingest %, what the broker dropped, robot-to-browser latency
//      p50/p99 and the p99 added over the broker alone, pushes a second per socket, the server's RSS
//      and CPU. The consoles run in a worker thread of their own (bench/consoles.ts), as a browser
//      runs in a process of its own.
// BENCH_RATES (e.g. `2000,8000`) replaces the ramp's rates; BENCH_LOAD_ROBOTS (1000) sizes the load
// generator's fleet (each robot stays under the per-robot publish limit). With BENCH_MQTT_URL (e.g.
// mqtt://127.0.0.1:1883) everything runs on that external broker; BENCH_SERVER_NODE_ARGS gives the
// server's node options (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). Asserts nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import type { LoginResponse, ServerInstance } from '@patrol/contracts';
import { SERVER_HEARTBEAT_MS } from '@patrol/contracts';
import { ConsoleApi } from '@patrol/robot-sim';
import { startEmbeddedBroker, SERVER_MQTT_USERNAME } from '@patrol/server/src/platform/broker.js';
import { startConsoles } from './consoles.js';
import { PER_ROBOT_RATE, type LoadRobot } from './load-generator.js';
import { loadTelemetry, registerLoadRobots, startLoad } from './load.js';
import { ms, percentile, startServer } from './server-process.js';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const HZ = Number(process.env.BENCH_HZ ?? 1);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LOAD_ROBOTS = Math.max(ROBOTS, Number(process.env.BENCH_LOAD_ROBOTS ?? 1000));
const RATES = process.env.BENCH_RATES?.split(',').map(Number).filter(Boolean);
const EXTERNAL = process.env.BENCH_MQTT_URL?.trim();
const PASSWORD = 'Bench-fleet-1x';
/** The broker-alone ramp: messages per step = rate × this. */
const BROKER_STEP_S = 2;

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const log = { error: console.error, warn: console.warn, info: () => undefined, debug: () => undefined };

/** user + system CPU seconds of a process so far (Linux, 100 ticks a second). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * What the broker alone carries to a bare subscriber: a paced ramp, a fixed count per step; then
 * its publish-to-subscriber latency at the fleet's rate, the yardstick of the console's latency.
 */
async function brokerAlone(robots: LoadRobot[]): Promise<{ best: number; p50: number; p99: number }> {
  const broker = EXTERNAL
    ? null
    : await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        verifyRobot: async () => true,
        log: log as unknown as Parameters<typeof startEmbeddedBroker>[0]['log'],
      });
  const url = EXTERNAL ?? broker!.url;
  const credentials = broker ? { username: SERVER_MQTT_USERNAME, password: broker.serverPassword } : {};
  const subscriber = await mqtt.connectAsync(url, { clientId: `raw${process.pid}-sub`, ...credentials });
  let received = 0;
  let lastAt = 0;
  let sampling = false;
  const latencies: number[] = [];
  subscriber.on('message', (_topic, payload) => {
    received++;
    lastAt = performance.now();
    if (sampling) latencies.push(Date.now() - (JSON.parse(payload.toString()) as { ts: number }).ts);
  });
  await subscriber.subscribeAsync(`patrol/+/state`, { qos: 0 });
  const load = await startLoad({ url, robots, telemetry: loadTelemetry() });
  let best = 0;
  try {
    const rates = RATES ?? [2500, 5000, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 80_000];
    for (const rate of rates) {
      if (rate > load.connected * PER_ROBOT_RATE) break;
      const before = received;
      const t0 = performance.now();
      const published = await load.run({ rate, robots: load.connected, count: rate * BROKER_STEP_S });
      // Settled: everything arrived, or nothing more for half a second.
      for (let seen = -1; received - before < published && seen !== received; ) {
        seen = received;
        await sleep(500);
      }
      const got = received - before;
      const achieved = got / ((lastAt - t0) / 1000);
      const lost = published - got;
      console.log(
        `  broker alone  offered ${rate} msg/s: published ${published}, subscriber got ${got} (${achieved.toFixed(0)} msg/s), lost ${lost}`,
      );
      if (lost > 0) break;
      best = Math.max(best, achieved);
      // The generator cannot offer more than this: going on measures the generator, not the broker.
      if (achieved < rate * 0.9) break;
    }
    sampling = true;
    await load.run({ rate: ROBOTS * HZ, robots: Math.min(ROBOTS, load.connected), seconds: Math.min(SECONDS, 10) });
    await sleep(1000);
    sampling = false;
  } finally {
    await load.stop();
    await subscriber.endAsync();
    await broker?.close();
  }
  console.log(
    `broker     ${EXTERNAL ? `external (${EXTERNAL})` : 'embedded (aedes)'} alone: ${best.toFixed(0)} msg/s to a bare subscriber, nothing lost`,
  );
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(`           at ${ROBOTS * HZ} msg/s: publish-to-subscriber latency p50 ${ms(p50)}  p99 ${ms(p99)}`);
  return { best, p50, p99 };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    PATROL_ADMIN_PASSWORD: PASSWORD,
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, MQTT_SHARE_GROUP: `bench-${process.pid}` } : {}),
  });
  try {
    const api = new ConsoleApi(server.url);
    const login: LoginResponse = await api.signIn('admin', PASSWORD);
    const registered = performance.now();
    const robots = await registerLoadRobots(api, server.mqttUrl, LOAD_ROBOTS, `B${process.pid}`);
    console.log(`${robots.length} robots registered in ${ms(performance.now() - registered)}`);

    const { best: alone, p99: aloneP99 } = await brokerAlone(robots);

    // The consoles watch from a worker thread of their own (bench/consoles.ts).
    const consoles = await startConsoles({
      url: server.url,
      userId: login.user.userId,
      token: login.token,
      count: CONSOLES,
    });

    /** The server's own counts, from its first service-list report made at `notBefore` (epoch ms) or later. */
    const report = async (notBefore: number) => {
      for (;;) {
        const res = await fetch(`${server.url}/api/system-server/server/list`, {
          headers: { authorization: `Bearer ${login.token}` },
        });
        const rows = ((await res.json()) as { data: ServerInstance[] }).data;
        const me = rows.find((r) => r.pid === server.pid);
        const detail = me?.parts.find((p) => p.name === 'broker')?.detail ?? '';
        const count = (what: string) => Number(new RegExp(`${what} (\\d+)`).exec(detail)?.[1] ?? 0);
        if (me && /received \d+/.test(detail) && Date.parse(me.lastSeenAt) >= notBefore) {
          return { at: me.lastSeenAt, received: count('received'), brokerDropped: count('broker dropped') };
        }
        await sleep(200);
      }
    };

    const load = await startLoad({ url: server.mqttUrl, robots, telemetry: loadTelemetry() });
    if (load.refused) console.log(`  ${load.refused} robots refused by the broker (robot limit)`);
    try {
      // 2. The server's ramp: each step runs between two reports, so its ingest count is exact.
      // Fractions of what the broker alone carried; fixed rates when it carried nothing measurable.
      const rates =
        RATES ??
        (alone >= 2000
          ? [0.25, 0.5, 0.65, 0.8, 1].map((f) => Math.round((alone * f) / 500) * 500)
          : [500, 1000, 2500, 5000, 10_000]);
      let best = 0;
      for (const rate of rates) {
        if (rate <= 0 || rate > load.connected * PER_ROBOT_RATE) break;
        const start = await report(Date.now());
        const seconds = (Date.parse(start.at) + SERVER_HEARTBEAT_MS - 2500 - Date.now()) / 1000;
        const published = await load.run({ rate, robots: load.connected, seconds });
        const end = await report(Date.parse(start.at) + 1);
        const ingested = end.received - start.received;
        const lost = published - ingested;
        console.log(
          `  server        offered ${rate} msg/s: published ${published}, server ingested ${ingested} ` +
            `(${(ingested / seconds).toFixed(0)} msg/s), lost ${lost} (broker dropped ${end.brokerDropped - start.brokerDropped})`,
        );
        if (lost > 0) break;
        best = Math.max(best, ingested / seconds);
      }
      console.log(`pipeline   server ingests ${best.toFixed(0)} msg/s with nothing lost`);
      console.log(
        `pipeline   ingest ÷ broker alone = ${(best / alone).toFixed(2)}  (${best.toFixed(0)} / ${alone.toFixed(0)} msg/s)`,
      );

      // 3. The fleet at its own pace, watched by the consoles.
      const first = await report(Date.now());
      consoles.measure();
      const cpu0 = await cpuSeconds(server.pid);
      const t0 = performance.now();
      const published = await load.run({ rate: ROBOTS * HZ, robots: ROBOTS, seconds: SECONDS });
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = ((await cpuSeconds(server.pid)) - cpu0) / elapsed;
      const rss = server.rssMiB();
      await sleep(2000);
      const { latencies, pushes } = await consoles.stop();
      const last = await report(Date.now());
      const ingested = last.received - first.received;
      latencies.sort((a, b) => a - b);
      console.log(
        `fleet      ${ROBOTS} robots at ${HZ} Hz: published ${published}, server ingested ${ingested} ` +
          `(${((ingested / published) * 100).toFixed(1)} %), lost ${published - ingested}, ` +
          `broker dropped ${last.brokerDropped - first.brokerDropped}`,
      );
      console.log(
        `           robot-to-browser latency p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}` +
          `  (${latencies.length} samples over ${CONSOLES} consoles, ${(pushes / elapsed / CONSOLES).toFixed(1)} pushes/s each)`,
      );
      console.log(`           added over the broker alone: p99 ${ms(percentile(latencies, 99) - aloneP99)}`);
      console.log(`           server RSS ${rss.toFixed(0)} MiB, CPU ${(cpu * 100).toFixed(0)} % of one core`);
    } finally {
      await load.stop();
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `fleet bench: ${ROBOTS} robots at ${HZ} Hz, ${CONSOLES} consoles, ${SECONDS} s, load generator ${LOAD_ROBOTS} robots, ` +
    `broker ${EXTERNAL ?? 'embedded'}`,
);
await main();
process.exit(0);
