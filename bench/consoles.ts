// The fleet bench's console sockets, in a worker thread of their own (a browser is a process of its
// own, not a guest of the bench's event loop): each signs in, subscribes to `robots` and, while
// measuring, notes for every robot state a push carries the time from the robot's `ts` to the
// push's arrival at the socket.
//
// The time of arrival is taken first thing; the `ts` values are then read straight from the
// frame's bytes, once every socket's frames of that turn have their time. A full JSON.parse of
// every push (hundreds of kilobytes, twenty a second on each of ten sockets) took most of a core,
// and each console's parse delayed the next console's reading of the same push, which the figure
// then counted as the server's. The first pushes of each socket are also parsed in full and must
// give the same times, so the reading cannot drift from the protocol.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import type { SocketServerMessage } from '@patrol/contracts';
import { startTsWorker } from './worker.js';

export type ConsolesSetup = { url: string; userId: number; token: string; count: number };
type Command = { type: 'measure' } | { type: 'stop' };
type Reply =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'results'; latencies: Float64Array; pushes: number };

/** Pushes of each socket checked against a full parse. */
const CHECKED_PUSHES = 5;
const ROBOTS_PUSH = Buffer.from('{"type":"robots","data":[');
const FULL_SUFFIX = Buffer.from(',"full":true}');
const TS_KEY = Buffer.from('"ts":');

/**
 * The robots' state times in a `robots` push as the server encodes it. `"ts":` can only be a key
 * (inside a string its quotes are escaped), and a robot's state is the only object with that key.
 */
export function stateTimes(frame: Buffer): number[] {
  const out: number[] = [];
  for (let i = frame.indexOf(TS_KEY); i !== -1; i = frame.indexOf(TS_KEY, i + TS_KEY.length)) {
    let ts = 0;
    for (let j = i + TS_KEY.length; j < frame.length; j++) {
      const c = frame[j]!;
      if (c < 48 || c > 57) break;
      ts = ts * 10 + (c - 48);
    }
    out.push(ts);
  }
  return out;
}

/** Starts the consoles' worker and waits until every socket is signed in and subscribed. */
export async function startConsoles(setup: ConsolesSetup) {
  const { worker, next: reply } = startTsWorker<Reply>(
    new URL('./consoles.ts', import.meta.url),
    setup,
    'console sockets',
  );
  const next = async () => {
    const answer = await reply();
    if (answer.type === 'error') throw new Error(`console sockets: ${answer.message}`);
    return answer;
  };
  await next();
  return {
    /** From now on every push is measured. */
    measure: () => worker.postMessage({ type: 'measure' } satisfies Command),
    /** Closes the sockets; the latencies measured (ms) and the pushes received. */
    stop: async () => {
      const done = next();
      worker.postMessage({ type: 'stop' } satisfies Command);
      const results = (await done) as Extract<Reply, { type: 'results' }>;
      await new Promise((r) => worker.once('exit', r));
      return { latencies: [...results.latencies], pushes: results.pushes };
    },
  };
}

async function main() {
  const setup = workerData as ConsolesSetup;
  const port = parentPort!;
  let measuring = false;
  let latencies = new Float64Array(1 << 20);
  let samples = 0;
  let pushes = 0;
  /** Checked pushes whose times read from the bytes differ from a full parse. */
  let misread = 0;
  const note = (latency: number) => {
    if (samples === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[samples++] = latency;
  };

  // Pushes are read after every socket's frames of this turn have their time of arrival: one
  // console's reading must not make the next one's copy of the same push look late.
  let arrived: { at: number; frame: Buffer; check: boolean }[] = [];
  const read = () => {
    const batch = arrived;
    arrived = [];
    for (const { at, frame, check } of batch) {
      const times = stateTimes(frame);
      if (check) {
        const message = JSON.parse(frame.toString()) as SocketServerMessage;
        const parsed = message.type === 'robots' && !message.full ? message.data.flatMap((r) => r.state?.ts ?? []) : [];
        if (parsed.join() !== times.join()) misread++;
      }
      for (const ts of times) note(at - ts);
    }
  };

  // One console after another, each until it is signed in: the server caps the sockets of one
  // address that have not signed in yet.
  const sockets: WebSocket[] = [];
  for (let i = 0; i < setup.count; i++) {
    const ws = new WebSocket(`${setup.url.replace('http', 'ws')}/api/ws/msg/${setup.userId}`);
    let checked = 0;
    const ready = new Promise<WebSocket>((resolve, reject) => {
      ws.on('message', (data: Buffer, isBinary) => {
        const now = Date.now();
        if (isBinary) return;
        const robots = data.subarray(0, ROBOTS_PUSH.length).equals(ROBOTS_PUSH);
        if (!robots) {
          const message = JSON.parse(data.toString()) as SocketServerMessage;
          if (message.type === 'ready') {
            ws.send(JSON.stringify({ type: 'subscribe', topic: 'robots' }));
            resolve(ws);
          }
          return;
        }
        if (!measuring || data.subarray(data.length - FULL_SUFFIX.length).equals(FULL_SUFFIX)) return;
        pushes++;
        arrived.push({ at: now, frame: data, check: checked < CHECKED_PUSHES });
        if (checked < CHECKED_PUSHES) checked++;
        if (arrived.length === 1) setImmediate(read);
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: setup.token })));
      ws.once('error', reject);
    });
    sockets.push(await ready);
  }
  port.postMessage({ type: 'ready' } satisfies Reply);

  port.on('message', (command: Command) => {
    if (command.type === 'measure') {
      measuring = true;
      return;
    }
    measuring = false;
    read();
    for (const ws of sockets) ws.close();
    if (misread > 0) {
      port.postMessage({ type: 'error', message: `${misread} pushes read otherwise than parsed` } satisfies Reply);
      port.close();
      return;
    }
    const out = latencies.slice(0, samples);
    port.postMessage({ type: 'results', latencies: out, pushes } satisfies Reply, [out.buffer]);
    port.close();
  });
}

// The bench imports the function above; only the worker opens the sockets.
if (!isMainThread) {
  await main().catch((error: unknown) => {
    parentPort!.postMessage({ type: 'error', message: String(error) } satisfies Reply);
    parentPort!.close();
  });
}
