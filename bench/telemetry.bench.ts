// The telemetry pipeline under a simulated fleet: BENCH_ROBOTS robots (1000) report at BENCH_HZ (1)
// through the broker into the real server, which coalesces their state to BENCH_CONSOLES (10)
// console sockets. Prints the states ingested per second, robot-to-browser latency p50/p99, the
// server's RSS and CPU, and beside it the raw throughput of the same broker with a bare subscriber.
// With BENCH_MQTT_URL (e.g. mqtt://127.0.0.1:1883) both run on that external broker instead of the
// embedded one. Asserts nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import type { LoginResponse, ServerInstance, SocketServerMessage } from '@patrol/contracts';
import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import { ConsoleApi, makeRoute, SimRobot, startFleet } from '@patrol/robot-sim';
import { startEmbeddedBroker, SERVER_MQTT_USERNAME } from '@patrol/server/src/platform/broker.js';
import { ms, percentile, startServer } from './server-process.js';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const HZ = Number(process.env.BENCH_HZ ?? 1);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const EXTERNAL = process.env.BENCH_MQTT_URL?.trim();
const PASSWORD = 'Bench-fleet-1x';

/** user + system CPU seconds of a process so far (Linux, 100 ticks a second). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function pipeline() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    PATROL_ADMIN_PASSWORD: PASSWORD,
    ...(EXTERNAL ? { MQTT_URL: EXTERNAL, MQTT_SHARE_GROUP: `bench-${process.pid}` } : {}),
  });
  try {
    const registered = performance.now();
    const fleet = await startFleet({
      apiUrl: server.url,
      brokerUrl: server.mqttUrl,
      account: 'admin',
      password: PASSWORD,
      robots: ROBOTS,
      prefix: `B${process.pid}`,
      keysFile: null,
      telemetryMs: 1000 / HZ,
      eventChance: 0,
      uploadChance: 0,
    });
    console.log(`${ROBOTS} robots registered and connected in ${ms(performance.now() - registered)}`);

    const api = new ConsoleApi(server.url);
    const login: LoginResponse = await api.signIn('admin', PASSWORD);
    const latencies: number[] = [];
    const seen = new Set<string>();
    let measuring = false;
    let socketMessages = 0;
    const sockets = await Promise.all(
      Array.from({ length: CONSOLES }, (_, i) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/msg/${login.user.userId}`);
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString()) as SocketServerMessage;
          if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic: 'robots' }));
          if (message.type !== 'robots' || !measuring) return;
          socketMessages++;
          const now = Date.now();
          for (const robot of message.data) {
            if (!robot.state) continue;
            latencies.push(now - robot.state.ts);
            if (i === 0) seen.add(`${robot.robotId}:${robot.state.ts}`);
          }
        });
        return new Promise<WebSocket>((resolve, reject) => {
          ws.once('open', () => {
            ws.send(JSON.stringify({ type: 'auth', token: login.token }));
            resolve(ws);
          });
          ws.once('error', reject);
        });
      }),
    );

    /** The server's own count of telemetry received, from its next service-list report. */
    const report = async (after = '') => {
      for (;;) {
        const res = await fetch(`${server.url}/api/system-server/server/list`, {
          headers: { authorization: `Bearer ${login.token}` },
        });
        const rows = ((await res.json()) as { data: ServerInstance[] }).data;
        const me = rows.find((r) => r.pid === server.pid);
        const detail = me?.parts.find((p) => p.name === 'broker')?.detail ?? '';
        const received = /received (\d+)/.exec(detail);
        if (me && received && me.lastSeenAt !== after) return { at: me.lastSeenAt, received: Number(received[1]) };
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    await new Promise((r) => setTimeout(r, 5000));
    const first = await report();
    measuring = true;
    const cpu0 = await cpuSeconds(server.pid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = ((await cpuSeconds(server.pid)) - cpu0) / elapsed;
    measuring = false;
    const last = await report(first.at);
    const serverIngest = (last.received - first.received) / ((Date.parse(last.at) - Date.parse(first.at)) / 1000);
    const rss = server.rssMiB();
    for (const ws of sockets) ws.close();
    await fleet.stop();

    latencies.sort((a, b) => a - b);
    const offered = ROBOTS * HZ;
    const delivered = seen.size / elapsed;
    console.log(
      `pipeline   offered ${offered.toFixed(0)} msg/s, server ingested ${serverIngest.toFixed(0)} msg/s, ` +
        `a console got ${delivered.toFixed(0)} states/s (coalesced)`,
    );
    console.log(
      `           robot-to-browser latency p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}` +
        `  (${latencies.length} samples over ${CONSOLES} consoles, ${(socketMessages / elapsed / CONSOLES).toFixed(1)} pushes/s each)`,
    );
    console.log(`           server RSS ${rss.toFixed(0)} MiB, CPU ${(cpu * 100).toFixed(0)} % of one core`);
    return serverIngest;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** What the broker alone carries: publishers flooding state messages, one bare subscriber counting. */
async function rawBroker() {
  const log = { error: console.error, debug: () => undefined } as unknown as Parameters<
    typeof startEmbeddedBroker
  >[0]['log'];
  const broker = EXTERNAL
    ? null
    : await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => false, log });
  const url = EXTERNAL ?? broker!.url;
  const credentials = broker ? { username: SERVER_MQTT_USERNAME, password: broker.serverPassword } : {};
  const payload = JSON.stringify(
    new SimRobot({
      serial: 'RAW',
      privateKey: '',
      keyVersion: 1,
      brokerUrl: url,
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
    }).telemetry(),
  );
  const tag = `raw${process.pid}`;
  const subscriber = await mqtt.connectAsync(url, { clientId: `${tag}-sub`, ...credentials });
  let received = 0;
  subscriber.on('message', () => received++);
  await subscriber.subscribeAsync(`patrol/+/state`, { qos: 0 });
  const publishers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => mqtt.connectAsync(url, { clientId: `${tag}-pub${i}`, ...credentials })),
  );
  let running = true;
  const floods = publishers.map(async (client, i) => {
    const topic = `patrol/${tag}-${i}/state`;
    while (running) {
      // Bounded bursts: the next one waits until this one is written (an unbounded flood is not a measure).
      await new Promise<void>((resolve) => {
        for (let n = 0; n < 99; n++) client.publish(topic, payload, { qos: 0 });
        client.publish(topic, payload, { qos: 0 }, () => resolve());
      });
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  const start = received;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 5000));
  const rate = (received - start) / ((performance.now() - t0) / 1000);
  running = false;
  await Promise.all(floods);
  await Promise.all(publishers.map((c) => c.endAsync()));
  await subscriber.endAsync();
  await broker?.close();
  console.log(
    `broker     ${EXTERNAL ? `external (${EXTERNAL})` : 'embedded (aedes)'} alone: ${rate.toFixed(0)} msg/s to a bare subscriber`,
  );
  return rate;
}

console.log(
  `fleet bench: ${ROBOTS} robots at ${HZ} Hz, ${CONSOLES} consoles, ${SECONDS} s, broker ${EXTERNAL ?? 'embedded'}`,
);
const ingested = await pipeline();
const raw = await rawBroker();
console.log(`pipeline ingests ${((ingested / raw) * 100).toFixed(1)} % of what the broker alone carries`);
process.exit(0);
