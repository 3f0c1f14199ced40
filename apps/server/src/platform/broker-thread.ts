import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
// Types only: the process's entry imports this file to start the thread early, before the rest loads.
import type { BrokerTls, EmbeddedBroker, RobotVerifier } from './broker.js';
import { createRobotInbox, type RobotMessage } from './robot-inbox.js';

type ThreadOptions = {
  port: number;
  host?: string;
  tls?: BrokerTls;
  maxRobots?: number;
  telemetryQueueLimit?: number;
  level: string;
};
/** What marks the worker as the broker's thread. */
type ThreadData = { brokerThread: true };
type ToMain =
  | { type: 'ready'; url: string; port: number; host: string; tlsPort: number | null; serverPassword: string }
  | { type: 'failed'; message: string }
  | { type: 'verify'; id: number; serial: string; token: string }
  | { type: 'log'; level: 'error' | 'warn' | 'info' | 'debug'; obj: object; msg: string }
  | { type: 'stats'; robots: number; dropped: number }
  | { type: 'subscribed'; id: number; subscribed: boolean }
  | { type: 'robots'; batch: RobotMessage[] }
  | { type: 'closed' };
type ToThread =
  | { type: 'start'; options: ThreadOptions }
  | { type: 'verified'; id: number; ok: boolean }
  | { type: 'disconnect'; serials: string[] }
  | { type: 'subscribers'; id: number; topic: string }
  | { type: 'took'; count: number }
  | { type: 'close' };

/** How often the thread reports its counts to the main thread. */
const STATS_INTERVAL_MS = 500;

/** A thread started ahead (`prewarmBrokerThread`), waiting for its broker's options. */
let prewarmed: Worker | null = null;

/** Starts the broker's thread, which loads its modules and waits for a `start` message. */
function spawnThread(): Worker {
  // Bundled (npm run build), the worker is dist/broker-thread.js. From the sources (tsx) this file is
  // its own worker, which registers the TypeScript loader first: a worker does not inherit --import.
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fromSources
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`
    : new URL('./broker-thread.js', import.meta.url);
  return new Worker(entry, { eval: fromSources, workerData: { brokerThread: true } satisfies ThreadData });
}

/**
 * Starts the broker's thread now, so that it loads its modules on another core while the main
 * thread opens the database; `startEmbeddedBrokerThread` then takes it.
 */
export function prewarmBrokerThread(): void {
  prewarmed ??= spawnThread();
  // Until it is taken, a failure only means that the start spawns another.
  prewarmed.on('error', () => undefined);
}

/**
 * The embedded broker on a worker thread of its own (MQTT_BROKER_THREAD=1), so robots' traffic
 * does not share the event loop with the API and the console sockets. The robot check (a database
 * read) and the log stay on the main thread and cross a message port; so do robots' messages, in a
 * batch per turn of the thread's loop, acknowledged by the main thread once handed to the gateway
 * (telemetry beyond the queue limit not yet acknowledged is dropped and counted). The server's own
 * client reaches the broker over loopback to publish, as it does on the main thread.
 */
export async function startEmbeddedBrokerThread(options: {
  port: number;
  host?: string;
  tls?: BrokerTls;
  maxRobots?: number;
  /** TELEMETRY_QUEUE_LIMIT unless given. */
  telemetryQueueLimit?: number;
  verifyRobot: RobotVerifier;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const data: ThreadOptions = {
    port: options.port,
    // A disabled logger (logger: false) has no level.
    level: options.log.level ?? 'silent',
    ...(options.host ? { host: options.host } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.maxRobots !== undefined ? { maxRobots: options.maxRobots } : {}),
    ...(options.telemetryQueueLimit !== undefined ? { telemetryQueueLimit: options.telemetryQueueLimit } : {}),
  };
  // A prewarmed thread that has died since (threadId -1) is replaced.
  const worker = prewarmed && prewarmed.threadId !== -1 ? prewarmed : spawnThread();
  prewarmed = null;
  let stats = { robots: 0, dropped: 0 };
  let onClosed: (() => void) | null = null;
  const asked = new Map<number, (subscribed: boolean) => void>();
  let nextQuestion = 0;
  const inbox = createRobotInbox();
  const ready = new Promise<Extract<ToMain, { type: 'ready' }>>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: ToMain) => {
      switch (message.type) {
        case 'ready':
          return resolve(message);
        case 'failed':
          return reject(new Error(message.message));
        case 'verify':
          options
            .verifyRobot(message.serial, message.token)
            .catch((error: unknown) => {
              options.log.error({ err: error, serial: message.serial }, 'robot authentication failed');
              return false;
            })
            .then((ok) => worker.postMessage({ type: 'verified', id: message.id, ok } satisfies ToThread));
          return;
        case 'log':
          return options.log[message.level](message.obj, message.msg);
        case 'stats':
          stats = { robots: message.robots, dropped: message.dropped };
          return;
        case 'subscribed':
          asked.get(message.id)?.(message.subscribed);
          asked.delete(message.id);
          return;
        case 'robots':
          try {
            inbox.deliver(message.batch);
          } finally {
            worker.postMessage({ type: 'took', count: message.batch.length } satisfies ToThread);
          }
          return;
        case 'closed':
          return onClosed?.();
      }
    });
  });
  worker.postMessage({ type: 'start', options: data } satisfies ToThread);
  const started = await ready.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  return {
    ...started,
    connectedRobots: () => stats.robots,
    droppedTelemetry: () => stats.dropped,
    disconnectRobots: (serials) => {
      worker.postMessage({ type: 'disconnect', serials: [...serials] } satisfies ToThread);
    },
    subscribed: (topic) =>
      new Promise<boolean>((resolve) => {
        const id = nextQuestion++;
        asked.set(id, resolve);
        worker.postMessage({ type: 'subscribers', id, topic } satisfies ToThread);
      }),
    robotMessages: inbox.listen,
    close: async () => {
      const closed = new Promise<void>((resolve) => (onClosed = resolve));
      worker.postMessage({ type: 'close' } satisfies ToThread);
      await closed;
      await worker.terminate();
    },
  };
}

/** The thread's side: runs the broker and asks the main thread about robots. */
async function runThread(options: ThreadOptions) {
  // pino's module object (its CommonJS exports, as Node and the build both give it).
  const [{ default: pino }, { startEmbeddedBroker }] = await Promise.all([import('pino'), import('./broker.js')]);
  const port = parentPort!;
  const send = (message: ToMain) => port.postMessage(message);
  const waiting = new Map<number, (ok: boolean) => void>();
  let next = 0;
  // Robots' messages posted to the main thread and not yet acknowledged by it.
  let unacknowledged = 0;
  // Log lines go to the main thread's logger, which knows the destination and the redactions.
  const log = pino(
    { level: options.level },
    {
      write: (line: string) => {
        const { level, msg, ...obj } = JSON.parse(line) as { level: number; msg: string };
        const name = level >= 50 ? 'error' : level >= 40 ? 'warn' : level >= 30 ? 'info' : 'debug';
        send({ type: 'log', level: name, obj, msg });
      },
    },
  );
  const broker = await startEmbeddedBroker({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.maxRobots !== undefined ? { maxRobots: options.maxRobots } : {}),
    ...(options.telemetryQueueLimit !== undefined ? { telemetryQueueLimit: options.telemetryQueueLimit } : {}),
    log,
    forward: (batch) => {
      unacknowledged += batch.length;
      send({ type: 'robots', batch });
    },
    backlog: () => unacknowledged,
    verifyRobot: (serial, token) =>
      new Promise<boolean>((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        send({ type: 'verify', id, serial, token });
      }),
  }).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return null;
  });
  if (!broker) return;
  const timer = setInterval(
    () => send({ type: 'stats', robots: broker.connectedRobots(), dropped: broker.droppedTelemetry() }),
    STATS_INTERVAL_MS,
  );
  port.on('message', (message: ToThread) => {
    if (message.type === 'start') return;
    if (message.type === 'verified') {
      waiting.get(message.id)?.(message.ok);
      waiting.delete(message.id);
      return;
    }
    if (message.type === 'took') {
      unacknowledged -= message.count;
      return;
    }
    if (message.type === 'disconnect') {
      broker.disconnectRobots(message.serials);
      return;
    }
    if (message.type === 'subscribers') {
      // An unknown answer counts as subscribed: a command is then sent, as before this check.
      void broker.subscribed(message.topic).then(
        (subscribed) => send({ type: 'subscribed', id: message.id, subscribed }),
        () => send({ type: 'subscribed', id: message.id, subscribed: true }),
      );
      return;
    }
    clearInterval(timer);
    void broker.close().then(() => send({ type: 'closed' }));
  });
  send({
    type: 'ready',
    url: broker.url,
    port: broker.port,
    host: broker.host,
    tlsPort: broker.tlsPort,
    serverPassword: broker.serverPassword,
  });
}

if (!isMainThread && (workerData as ThreadData | null)?.brokerThread === true) {
  // The broker loads while the main thread loads the server; it starts when that says how.
  const loading = Promise.all([import('aedes'), import('pino'), import('./broker.js')]);
  parentPort!.once('message', (message: ToThread) => {
    if (message.type === 'start') void loading.then(() => runThread(message.options));
  });
}
