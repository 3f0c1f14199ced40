import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs the handlings of one key (a robot's serial) one after the other, in the order they were
 * asked for, and handlings of different keys side by side. MQTT keeps one client's QoS 1 messages
 * in order; a handler that awaits the database would otherwise let a later message overtake an
 * earlier one (a command's result stored before its acknowledgement, a run's end before its last
 * step). A handling that fails is logged and does not hold up the next.
 */
export function inOrderBy(log: FastifyBaseLogger, failed: string) {
  const queues = new Map<string, Promise<void>>();
  return (key: string, handle: () => Promise<void>): Promise<void> => {
    const next = (queues.get(key) ?? Promise.resolve())
      .then(handle)
      .catch((error: unknown) => log.error({ err: error, key }, failed));
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    return next;
  };
}
