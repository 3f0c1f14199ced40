import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus, BusTopic } from './bus.js';

/** Every topic of the bus: subscribed to at once, so no instance misses the first message of one. */
export const BUS_TOPICS: BusTopic[] = [
  'realtime.send',
  'sessions.revoked',
  'realtime.topic',
  'fleet.states',
  'robots.changed',
  'robots.visibility',
];

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
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(...BUS_TOPICS.map((t) => prefix + t));
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  sub.on('message', (channel: string, wire: string) => {
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length) as BusTopic;
    let payload: unknown;
    try {
      payload = JSON.parse(wire);
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
  });
  return {
    kind: 'redis',
    async publish(topic, payload) {
      await pub.publish(prefix + topic, JSON.stringify(payload));
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
