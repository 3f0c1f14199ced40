// The soak: the compiled server for BENCH_MINUTES (60) with BENCH_ROBOTS (200) robots publishing
// telemetry at 1 Hz (the lean load generator of the fleet bench, in a worker thread) and
// BENCH_CONSOLES (20) console sockets watching the robots' live state. Prints the server's RSS after
// a warm-up and at the end with the growth, the telemetry published against what the server
// ingested (its own count, from the service list), and how many console sockets are still alive and
// pushed to in the last minute. Exits non-zero when telemetry was lost or a socket died.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { LoginResponse, ServerInstance, SocketServerMessage } from '@patrol/contracts';
import { ConsoleApi } from '@patrol/robot-sim';
import { loadTelemetry, registerLoadRobots, startLoad } from './load.js';
import { startServer } from './server-process.js';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 200);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 20);
const HZ = 1;
/** Before the first RSS reading: the caches, pools and JIT settle. */
const WARM_UP_S = Math.min(60, Math.max(20, MINUTES * 6));
const PASSWORD = 'Bench-soak-1x';

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function main(): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-soak-'));
  const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD });
  try {
    const api = new ConsoleApi(server.url);
    const login: LoginResponse = await api.signIn('admin', PASSWORD);
    const robots = await registerLoadRobots(api, server.mqttUrl, ROBOTS, `S${process.pid}`);

    /** The server's own ingest count, from its first service-list report made at `notBefore` (epoch ms) or later. */
    const ingested = async (notBefore: number) => {
      for (;;) {
        const res = await fetch(`${server.url}/api/system-server/server/list`, {
          headers: { authorization: `Bearer ${login.token}` },
        });
        const rows = ((await res.json()) as { data: ServerInstance[] }).data;
        const me = rows.find((r) => r.pid === server.pid);
        const detail = me?.parts.find((p) => p.name === 'broker')?.detail ?? '';
        const received = /received (\d+)/.exec(detail);
        if (me && received && Date.parse(me.lastSeenAt) >= notBefore) return Number(received[1]);
        await sleep(500);
      }
    };

    // The consoles, one after another until each is signed in (the server caps the sockets of one
    // address that have not signed in yet); each remembers when it was last pushed to.
    const sockets: { ws: WebSocket; lastPush: number; pushes: number; closed: number | null }[] = [];
    for (let i = 0; i < CONSOLES; i++) {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/msg/${login.user.userId}`);
      const entry = { ws, lastPush: 0, pushes: 0, closed: null as number | null };
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString()) as SocketServerMessage;
          if (message.type === 'ready') {
            ws.send(JSON.stringify({ type: 'subscribe', topic: 'robots' }));
            resolve();
          } else if (message.type === 'robots') {
            entry.lastPush = Date.now();
            entry.pushes++;
          }
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: login.token })));
        ws.once('error', reject);
        ws.on('close', (code) => (entry.closed = code));
      });
      sockets.push(entry);
    }

    const load = await startLoad({ url: server.mqttUrl, robots, telemetry: loadTelemetry() });
    try {
      if (load.refused) console.log(`${load.refused} robots refused by the broker`);
      await load.run({ rate: ROBOTS * HZ, robots: ROBOTS, seconds: WARM_UP_S });
      const rss0 = server.rssMiB();
      const before = await ingested(Date.now());
      console.log(`after a ${WARM_UP_S} s warm-up: RSS ${rss0.toFixed(1)} MiB; soaking for ${MINUTES} min`);
      const t0 = performance.now();
      // Minute by minute, so the RSS is seen along the way.
      let published = 0;
      for (let minute = 1; minute <= MINUTES; minute++) {
        published += await load.run({ rate: ROBOTS * HZ, robots: ROBOTS, seconds: 60 });
        const alive = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
        console.log(`  minute ${minute}: RSS ${server.rssMiB().toFixed(1)} MiB, ${alive}/${CONSOLES} sockets open`);
      }
      const elapsed = (performance.now() - t0) / 1000;
      const rss1 = server.rssMiB();
      await sleep(2000);
      const after = await ingested(Date.now());
      const received = after - before;
      const lost = published - received;
      const now = Date.now();
      const alive = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN && now - s.lastPush < 60_000).length;
      const growth = ((rss1 - rss0) / rss0) * 100;
      console.log(
        `soak       ${ROBOTS} robots at ${HZ} Hz, ${CONSOLES} consoles, ${(elapsed / 60).toFixed(1)} min (after ${WARM_UP_S} s warm-up)`,
      );
      console.log(`           RSS ${rss0.toFixed(1)} MiB → ${rss1.toFixed(1)} MiB (growth ${growth.toFixed(1)} %)`);
      console.log(`           telemetry published ${published}, server ingested ${received}, lost ${lost}`);
      console.log(
        `           console sockets alive and pushed to in the last minute: ${alive}/${CONSOLES} ` +
          `(${sockets.reduce((n, s) => n + s.pushes, 0)} pushes in all)`,
      );
      return lost <= 0 && alive === CONSOLES;
    } finally {
      for (const s of sockets) s.ws.close();
      await load.stop();
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`soak bench: ${ROBOTS} robots at ${HZ} Hz, ${CONSOLES} consoles, ${MINUTES} min`);
const ok = await main();
process.exit(ok ? 0 : 1);
