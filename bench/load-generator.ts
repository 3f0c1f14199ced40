// A lean robot fleet for the fleet bench, run in a worker thread so it does not share an event loop
// with the console sockets: raw MQTT clients, each connected as a registered robot with a pre-made
// token, publishing valid telemetry at a paced rate (no robot model). Each message carries its
// publish time in `ts`, which the console sockets turn into robot-to-browser latency.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import { ROBOT_PUBLISH_RATE_LIMIT } from '@patrol/contracts';

export type LoadRobot = { serial: string; token: string };
export type LoadSetup = { url: string; robots: LoadRobot[]; telemetry: Record<string, unknown> };
/** Publish `count` messages (or for `seconds`) at `rate` a second over the first `robots` clients. */
export type LoadRun = { type: 'run'; rate: number; robots: number; count?: number; seconds?: number };
export type LoadReply = { type: 'ready'; connected: number; refused: number } | { type: 'done'; published: number };

/** A robot stays under the broker's per-robot limit (which counts per calendar second). */
export const PER_ROBOT_RATE = ROBOT_PUBLISH_RATE_LIMIT - 2;

const TICK_MS = 5;

async function main() {
  const setup = workerData as LoadSetup;
  // Everything after `ts` is the same for every message; only the time changes.
  const { ts: _ts, ...rest } = setup.telemetry;
  const tail = JSON.stringify(rest).slice(1);
  const clients: { client: MqttClient; topic: string }[] = [];
  let refused = 0;
  for (let i = 0; i < setup.robots.length; i += 100) {
    const group = setup.robots.slice(i, i + 100);
    const made = await Promise.all(
      group.map(
        (robot) =>
          new Promise<{ client: MqttClient; topic: string } | null>((resolve) => {
            const client = mqtt.connect(setup.url, {
              clientId: robot.serial,
              username: robot.serial,
              password: robot.token,
              protocolVersion: 4,
              reconnectPeriod: 0,
              connectTimeout: 30_000,
            });
            client.once('connect', () => resolve({ client, topic: `patrol/${robot.serial}/state` }));
            client.once('error', () => {
              client.end(true);
              resolve(null);
            });
          }),
      ),
    );
    for (const m of made) {
      if (m) clients.push(m);
      else refused++;
    }
  }
  parentPort!.postMessage({ type: 'ready', connected: clients.length, refused } satisfies LoadReply);

  parentPort!.on('message', (message: LoadRun | { type: 'stop' }) => {
    if (message.type === 'stop') {
      for (const { client } of clients) client.end(true);
      parentPort!.close();
      return;
    }
    const pool = clients.slice(0, Math.min(message.robots, clients.length));
    const limit = message.count ?? Math.round(message.rate * (message.seconds ?? 1));
    let sent = 0;
    let written = 0;
    let pending = 0;
    let next = 0;
    const t0 = performance.now();
    let finished = false;
    // Done once every message is handed over and written (QoS 0: written to the socket).
    const finish = () => {
      if (finished || sent < limit || pending > 0) return;
      finished = true;
      parentPort!.postMessage({ type: 'done', published: written } satisfies LoadReply);
    };
    if (limit <= 0 || pool.length === 0) {
      parentPort!.postMessage({ type: 'done', published: 0 } satisfies LoadReply);
      return;
    }
    const timer = setInterval(() => {
      const due = Math.min(limit, Math.floor((message.rate * (performance.now() - t0)) / 1000));
      const now = Date.now();
      const payload = `{"ts":${now},${tail}`;
      while (sent < due) {
        const { client, topic } = pool[next]!;
        next = (next + 1) % pool.length;
        sent++;
        pending++;
        client.publish(topic, payload, { qos: 0 }, (error) => {
          if (!error) written++;
          pending--;
          finish();
        });
      }
      if (sent === limit) {
        clearInterval(timer);
        finish();
      }
    }, TICK_MS);
  });
}

// The bench imports the types and constants above; only the worker runs the fleet.
if (!isMainThread) await main();
