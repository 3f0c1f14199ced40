import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Bus, BusTopic } from './bus.js';

/** Every topic of the bus: subscribed to at once, so no instance misses the first message of one. */
const TOPICS: Record<BusTopic, true> = {
  'realtime.send': true,
  'sessions.revoked': true,
  'access.changed': true,
  'users.changed': true,
  'realtime.topic': true,
  'fleet.states': true,
  'robots.changed': true,
  'robots.visibility': true,
  'tenants.status': true,
  'voice.signal': true,
};
export const BUS_TOPICS = Object.keys(TOPICS) as BusTopic[];

/**
 * Topics whose publisher waits until every instance has handled the message: a revoked session or
 * a changed grant must be refused, and a new user listed, by the very next request, on whichever
 * instance it lands.
 */
const ACKNOWLEDGED: ReadonlySet<BusTopic> = new Set<BusTopic>([
  'sessions.revoked',
  'access.changed',
  'users.changed',
  'tenants.status',
]);
/** How long a publisher waits for the acknowledgements of an instance that may have gone. */
const ACK_TIMEOUT_MS = 2000;

/**
 * The bus between several server instances (REDIS_URL): Redis pub/sub, one channel per topic under
 * `prefix`. Every instance receives what any instance publishes, itself included, exactly like the
 * in-process bus; a failing subscriber never reaches the publisher.
 */
export async function createRedisBus(
  url: string,
  options: { prefix?: string; onError?: (error: unknown, topic: BusTopic) => void } = {},
): Promise<Bus> {
  const prefix = options.prefix ?? 'patrol:bus:';
  const onError = options.onError ?? (() => undefined);
  // Loaded only with REDIS_URL: a single instance starts without it.
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const ackChannel = `${prefix}ack`;
  await sub.subscribe(...BUS_TOPICS.map((t) => prefix + t), ackChannel);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  /** Acknowledgements counted per message id; `expected` is known once PUBLISH has answered. */
  const pending = new Map<string, { received: number; expected: number | null; done: () => void }>();
  const settle = (id: string) => {
    const entry = pending.get(id);
    if (entry && entry.expected !== null && entry.received >= entry.expected) {
      pending.delete(id);
      entry.done();
    }
  };
  sub.on('message', (channel: string, wire: string) => {
    if (channel === ackChannel) {
      const entry = pending.get(wire);
      if (entry) entry.received += 1;
      settle(wire);
      return;
    }
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length) as BusTopic;
    let payload: unknown;
    let ack: string | undefined;
    try {
      payload = JSON.parse(wire);
      if (ACKNOWLEDGED.has(topic)) ({ ack, payload } = payload as { ack: string; payload: unknown });
    } catch (error) {
      onError(error, topic);
      return;
    }
    for (const listener of emitter.listeners(topic)) {
      try {
        (listener as (p: unknown) => void)(payload);
      } catch (error) {
        onError(error, topic);
      }
    }
    if (ack) pub.publish(ackChannel, ack).catch((error: unknown) => onError(error, topic));
  });
  return {
    kind: 'redis',
    async publish(topic, payload) {
      if (!ACKNOWLEDGED.has(topic)) {
        await pub.publish(prefix + topic, JSON.stringify(payload));
        return;
      }
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const handled = new Promise<void>((resolve) => {
        pending.set(id, { received: 0, expected: null, done: resolve });
        timer = setTimeout(() => {
          pending.delete(id);
          resolve();
        }, ACK_TIMEOUT_MS);
      });
      try {
        // The number of instances subscribed, this one included: each acknowledges once.
        const receivers = await pub.publish(prefix + topic, JSON.stringify({ ack: id, payload }));
        const entry = pending.get(id);
        if (entry) entry.expected = receivers;
        settle(id);
        await handled;
      } finally {
        clearTimeout(timer);
        pending.delete(id);
      }
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
