import { EventEmitter } from 'node:events';
import type { RobotLive, SocketServerMessage, SocketTopic, VoiceSignal } from '@patrol/contracts';

/**
 * Events that cross the server. Payloads are plain JSON so that a Redis pub/sub bus can carry them
 * between instances (REDIS_URL) without changing any publisher or subscriber.
 */
export type BusEvents = {
  /** Deliver a message to every open console socket of these users. */
  'realtime.send': { userIds: number[]; message: SocketServerMessage };
  /** These sessions ended (logout, password change): close their sockets, forget them. */
  'sessions.revoked': { sessionIds: number[] };
  /** A user, role, grant, menu or tenant changed: every instance drops its cached callers. */
  'access.changed': Record<string, never>;
  /** A tenant was enabled or disabled: its robots are let in again, or disconnected and their messages dropped. */
  'tenants.status': { tenantId: number; enabled: boolean };
  /** Users of a tenant were added or signed in (last sign-in time): instances drop their cached users pages. */
  'users.changed': { tenantId: number };
  /** Deliver a message to the consoles of a tenant that subscribed to a topic. */
  'realtime.topic': { tenantId: number; topic: SocketTopic; message: SocketServerMessage };
  /** Robots that changed on the wire (state, presence), coalesced by the instance that received them. */
  'fleet.states': { items: { tenantId: number; robot: RobotLive }[] };
  /** Robots registered, edited, re-keyed, moved or deleted: instances reload them. */
  'robots.changed': { robotIds: number[] };
  /** These users' assigned robots changed: their consoles get a new fleet. */
  'robots.visibility': { userIds: number[] };
  /**
   * A live announcement's signal for its operator's consoles (each instance sends it to its own, in
   * each console's language: `messageKey` is translated into `message`); `answer` and `ended` also
   * stop the instance's timers of the session.
   */
  'voice.signal': {
    userId: number;
    signal: VoiceSignal;
    messageKey?: { key: string; params?: Record<string, string | number> | undefined } | undefined;
  };
};
export type BusTopic = keyof BusEvents;
export type BusHandler<K extends BusTopic> = (payload: BusEvents[K]) => void;

/** In-process pub/sub today; an implementation on Redis replaces it for several instances. */
export type Bus = {
  /** What carries the events (`memory` in-process; `redis` across instances), for the service list. */
  readonly kind: string;
  publish<K extends BusTopic>(topic: K, payload: BusEvents[K]): Promise<void>;
  /** Returns its own unsubscribe. */
  subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>): () => void;
  close(): Promise<void>;
};

/**
 * Topics the single-instance bus hands over as they are, without a JSON copy: the live states, a
 * batch of up to a whole fleet at up to 20 a second, whose copy took a large share of the server's
 * time under load. Their publisher builds each payload from JSON-safe values and never changes it
 * afterwards, and their subscribers only read it; they still travel as JSON on Redis.
 */
const PASSED_AS_IS: ReadonlySet<BusTopic> = new Set<BusTopic>(['fleet.states']);

/**
 * The single-instance bus. Payloads go through JSON like they would over the network, so nothing
 * that works here can break on Redis (except the topics passed as they are, above); a failing
 * subscriber never reaches the publisher.
 */
export function createMemoryBus(onError: (error: unknown, topic: BusTopic) => void = () => undefined): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(topic, payload) {
      const wire = PASSED_AS_IS.has(topic) ? null : JSON.stringify(payload);
      for (const listener of emitter.listeners(topic)) {
        try {
          (listener as (p: unknown) => void)(wire === null ? payload : JSON.parse(wire));
        } catch (error) {
          onError(error, topic);
        }
      }
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
