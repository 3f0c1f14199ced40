import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import './mqtt-packet.js';
import {
  EMBEDDED_BROKER_MAX_ROBOTS,
  parseRobotTopic,
  ROBOT_MESSAGE_MAX_BYTES,
  ROBOT_PUBLISH_RATE_LIMIT,
  ROBOT_RECONNECT_LIMIT_PER_MINUTE,
  ROBOT_PUBLISH_TOPICS,
  ROBOT_SUBSCRIBE_TOPICS,
  robotTopic,
} from '@patrol/contracts/plain';
import { limitedLog } from './log-limit.js';
import { createRobotInbox, type RobotMessage } from './robot-inbox.js';

/** Username of the server's own MQTT client; `$` cannot start a serial number, so no robot can claim it. */
export const SERVER_MQTT_USERNAME = '$server';

/** Checks a robot's MQTT password (its signed token) for its serial number. */
export type RobotVerifier = (serial: string, token: string) => Promise<boolean>;

/**
 * Messages the broker may hold waiting for delivery before it drops robots' telemetry (QoS 0).
 * Under overload the newest state of a robot is worth more than a queue of old ones: telemetry beyond
 * this is dropped and counted, while events, replies and presence (QoS 1) still queue.
 */
export const TELEMETRY_QUEUE_LIMIT = 1000;
/** Messages aedes delivers at once (its `concurrency`, the mqemitter's in-flight window). */
const DELIVERY_CONCURRENCY = 100;
/** How often each kind of refusal (robot limit, rate, size, reconnects) is logged at most. */
const LIMIT_LOG_INTERVAL_MS = 60_000;
/** How often idle publish buckets and old connection times are forgotten. */
const SWEEP_INTERVAL_MS = 60_000;

/** The part of aedes' mqemitter the overload guard needs. */
type Emitter = {
  length: number;
  emit(
    packet: { topic: string; qos: number; clientId?: string; payload: Buffer | string },
    done?: (error?: Error) => void,
  ): unknown;
};

export type EmbeddedBroker = {
  /** `mqtt://<host>:<port>` for the server's own client (127.0.0.1 when it listens on every address). */
  url: string;
  port: number;
  /** The address the broker listens on (`0.0.0.0` for every address). */
  host: string;
  /** The port of the MQTT-over-TLS listener; null without a certificate. */
  tlsPort: number | null;
  /** The password of the server's own client (random per process). */
  serverPassword: string;
  /** Robots connected now, by serial. */
  connectedRobots(): number;
  /** Telemetry messages dropped so far because delivery was backed up. */
  droppedTelemetry(): number;
  /** Closes these robots' connections (their tenant was disabled). */
  disconnectRobots(serials: readonly string[]): void;
  /**
   * Whether any client subscribes to `topic` now: what MQTT 5 brokers tell a publisher in the PUBACK
   * (reason code 0x10, no matching subscribers), which this broker (MQTT 3.1.1) cannot send.
   */
  subscribed(topic: string): Promise<boolean>;
  /**
   * Hands robots' messages to the server in this process from now on (those that came before, but
   * telemetry, first): the gateway takes them here rather than subscribing to them over MQTT.
   */
  robotMessages(listener: (topic: string, body: string) => void): void;
  close(): Promise<void>;
};

/** MQTT over TLS: a PEM certificate (chain) and its private key, on a port of its own. */
export type BrokerTls = { port: number; host?: string; cert: string; key: string };

/** A robot's publish allowance: `tokens` left at time `at` (ms), refilled at the rate limit. */
type Bucket = { tokens: number; at: number };

/** The URL the server's own client uses to reach a listener on `host`. */
export function loopbackUrl(host: string | undefined, port: number): string {
  const wildcard = !host || host === '0.0.0.0' || host === '::';
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `mqtt://${name}:${port}`;
}

/**
 * The embedded MQTT broker (aedes) used when no MQTT_URL is set. It enforces the protocol's rules
 * itself: a robot connects with its serial number as client id and username and a token signed with
 * its key, publishes only its own topics (at most ROBOT_PUBLISH_RATE_LIMIT messages a second, a
 * bucket per serial number that reconnecting does not refill; messages within ROBOT_MESSAGE_MAX_BYTES
 * of their kind) and subscribes only to its own commands and config. A serial number connects at
 * most ROBOT_RECONNECT_LIMIT_PER_MINUTE times a minute. A refused connection never replaces the
 * robot's current one. The server's own client may do anything. Refusals are logged with the client
 * id and address, each kind at most once a minute (with the count of those left out).
 *
 * It degrades rather than falls over: at most `maxRobots` robots at once (the next is refused with
 * CONNACK 3, server unavailable), and robots' telemetry is dropped and counted, never queued, once
 * TELEMETRY_QUEUE_LIMIT messages wait for delivery.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  /** The address to listen on (MQTT_HOST, else HOST); every address unless given. */
  host?: string;
  /** A second listener speaking MQTT over TLS. */
  tls?: BrokerTls;
  verifyRobot: RobotVerifier;
  log: FastifyBaseLogger;
  /** EMBEDDED_BROKER_MAX_ROBOTS unless given. */
  maxRobots?: number;
  /** TELEMETRY_QUEUE_LIMIT unless given. */
  telemetryQueueLimit?: number;
  /** ROBOT_PUBLISH_RATE_LIMIT unless given (messages a second, and the burst). */
  publishRate?: number;
  /** ROBOT_RECONNECT_LIMIT_PER_MINUTE unless given. */
  reconnectsPerMinute?: number;
  /** ROBOT_MESSAGE_MAX_BYTES unless given. */
  messageMaxBytes?: Partial<Record<keyof typeof ROBOT_MESSAGE_MAX_BYTES, number>>;
  /** LIMIT_LOG_INTERVAL_MS unless given. */
  refusalLogIntervalMs?: number;
  /**
   * Where robots' messages go, a batch per turn of the event loop (the broker thread's port to the
   * main thread); unless given, they wait in this process for `robotMessages`.
   */
  forward?: (batch: RobotMessage[]) => void;
  /** Robots' messages forwarded and not yet taken by the server; telemetry is dropped beyond the queue limit. */
  backlog?: () => number;
}): Promise<EmbeddedBroker> {
  const serverPassword = randomBytes(24).toString('base64url');
  const serverSecret = Buffer.from(serverPassword);
  const servers = new WeakSet<Client>();
  const maxRobots = options.maxRobots ?? EMBEDDED_BROKER_MAX_ROBOTS;
  const queueLimit = options.telemetryQueueLimit ?? TELEMETRY_QUEUE_LIMIT;
  const rate = options.publishRate ?? ROBOT_PUBLISH_RATE_LIMIT;
  const reconnectLimit = options.reconnectsPerMinute ?? ROBOT_RECONNECT_LIMIT_PER_MINUTE;
  const maxBytes = { ...ROBOT_MESSAGE_MAX_BYTES, ...options.messageMaxBytes };
  const logInterval = options.refusalLogIntervalMs ?? LIMIT_LOG_INTERVAL_MS;
  const logLimit = limitedLog(logInterval);
  const logRate = limitedLog(logInterval);
  const logSize = limitedLog(logInterval);
  const logReconnects = limitedLog(logInterval);
  // The connection that holds each robot's serial now (a reconnect replaces the old one).
  const robots = new Map<string, Client>();
  // Per serial number, not per connection, so that reconnecting neither refills the allowance
  // nor escapes the connection count.
  const buckets = new Map<string, Bucket>();
  const connects = new Map<string, number[]>();
  let dropped = 0;
  // Robots' messages for the server, sent on at the end of the turn: one hand-over for many.
  const inbox = createRobotInbox();
  const forward = options.forward ?? inbox.deliver;
  let batch: RobotMessage[] = [];
  const flush = () => {
    const full = batch;
    batch = [];
    forward(full);
  };
  const toServer = (topic: string, payload: Buffer | string) => {
    const state = topic.endsWith('/state');
    // Telemetry nobody in this process takes yet is not held (the next state follows).
    if (state && !options.forward && !inbox.listening()) return;
    // Handed over in this process, they are taken at once; posted to the main thread, they may wait there.
    if (options.backlog && state && options.backlog() + batch.length >= queueLimit) {
      dropped++;
      return;
    }
    if (batch.length === 0) setImmediate(flush);
    batch.push([topic, typeof payload === 'string' ? payload : payload.toString('utf8')]);
  };
  // The client ids of the server's own clients: what they publish is not a robot's message.
  const serverIds = new Set<string>();
  const address = (client: Client) =>
    (client as unknown as { conn?: { remoteAddress?: string } }).conn?.remoteAddress ?? null;

  /** Takes one message from the robot's bucket; false when it is empty. */
  const take = (serial: string): boolean => {
    const now = Date.now();
    const bucket = buckets.get(serial) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) * rate) / 1000);
    bucket.at = now;
    buckets.set(serial, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
  /** Connections the robot opened in the last minute. */
  const recentConnects = (serial: string): number[] => {
    const since = Date.now() - 60_000;
    const list = (connects.get(serial) ?? []).filter((at) => at > since);
    if (list.length) connects.set(serial, list);
    else connects.delete(serial);
    return list;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [serial, bucket] of buckets) {
      if (!robots.has(serial) && bucket.tokens + ((now - bucket.at) * rate) / 1000 >= rate) buckets.delete(serial);
    }
    for (const serial of [...connects.keys()]) recentConnects(serial);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  // Loaded here: with the broker on its own thread the main thread never needs it.
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker({
    concurrency: DELIVERY_CONCURRENCY,
    authenticate: (client, username, password, done) => {
      const refuse = (returnCode: 3 | 4 = 4) => {
        const error = Object.assign(new Error(returnCode === 3 ? 'server unavailable' : 'not authorized'), {
          returnCode,
        });
        done(error, false);
      };
      // A robot already connected may reconnect (it replaces its old connection); a new one needs room.
      const full = (serial: string) => {
        if (robots.has(serial) || robots.size < maxRobots) return false;
        logLimit((extra) =>
          options.log.warn(
            { serial, maxRobots, ...extra },
            `mqtt: robot refused, the embedded broker holds its limit of ${maxRobots} robots; ` +
              'use an external broker (MQTT_URL) for a bigger fleet',
          ),
        );
        return true;
      };
      // Too many connections of one serial number in the last minute: refused before its token is checked.
      const reconnecting = (serial: string) => {
        if (recentConnects(serial).length < reconnectLimit) return false;
        logReconnects((extra) =>
          options.log.warn(
            { clientId: serial, address: address(client), reconnectLimit, ...extra },
            `mqtt: robot refused, more than ${reconnectLimit} connections in a minute`,
          ),
        );
        return true;
      };
      if (username === SERVER_MQTT_USERNAME) {
        if (password && password.length === serverSecret.length && timingSafeEqual(password, serverSecret)) {
          servers.add(client);
          serverIds.add(client.id);
          return done(null, true);
        }
        return refuse();
      }
      if (!username || username !== client.id || !password) return refuse();
      // A robot (a serial registered to match it) never takes over the server's own connection.
      if (serverIds.has(username)) return refuse();
      if (full(username) || reconnecting(username)) return refuse(3);
      options
        .verifyRobot(username, password.toString())
        .then((ok) => {
          // A refused connection never disturbs the robot's current one: aedes replaces a
          // connection only after the new one is authenticated.
          if (!ok) return refuse();
          // Checked again: other robots may have taken the room while this one was verified.
          if (full(username) || reconnecting(username)) return refuse(3);
          connects.set(username, [...recentConnects(username), Date.now()]);
          robots.set(username, client);
          done(null, true);
        })
        .catch((error: unknown) => {
          options.log.error({ err: error, serial: username }, 'robot authentication failed');
          refuse();
        });
    },
    authorizePublish: (client, packet, callback) => {
      if (!client) return callback(null);
      if (servers.has(client)) return callback(null);
      const topic = parseRobotTopic(packet.topic);
      const own =
        topic !== null &&
        topic.serial === client.id &&
        (ROBOT_PUBLISH_TOPICS as readonly string[]).includes(topic.kind) &&
        (!packet.retain || topic.kind === 'online');
      if (!own) return callback(new Error(`robot ${client.id} may not publish to ${packet.topic}`));
      const size = packet.payload.length;
      const limit = maxBytes[topic.kind as keyof typeof maxBytes];
      if (size > limit) {
        logSize((extra) =>
          options.log.warn(
            { clientId: client.id, address: address(client), topic: packet.topic, size, limit, ...extra },
            `mqtt: refused a message of ${size} bytes (at most ${limit} on ${topic.kind})`,
          ),
        );
        return callback(new Error(`robot ${client.id} sent ${size} bytes to ${packet.topic}`));
      }
      // The last will is the robot's own "offline": it is published when the robot is cut off, also for
      // publishing too fast, so it never counts against the allowance.
      const will = packet === (client as unknown as { will?: unknown }).will;
      if (!will && !take(client.id)) {
        logRate((extra) =>
          options.log.warn(
            { clientId: client.id, address: address(client), rate, ...extra },
            `mqtt: refused a robot publishing more than ${rate} messages a second`,
          ),
        );
        return callback(new Error(`robot ${client.id} publishes too fast`));
      }
      callback(null);
    },
    authorizeSubscribe: (client, subscription, callback) => {
      if (servers.has(client)) return callback(null, subscription);
      const allowed = ROBOT_SUBSCRIBE_TOPICS.some((kind) => subscription.topic === robotTopic(client.id, kind));
      callback(null, allowed ? subscription : null);
    },
  });
  broker.on('clientError', (client, error) => options.log.debug({ err: error, clientId: client.id }, 'mqtt client'));
  broker.on('clientDisconnect', (client) => {
    if (robots.get(client.id) === client) robots.delete(client.id);
    if (servers.has(client)) serverIds.delete(client.id);
  });

  // Overload guard: a robot's telemetry that would wait behind a full delivery queue is dropped here,
  // before aedes queues it. Its publisher goes on at once (on the next turn, never recursing).
  // Every other message a client published (a robot's, its last will included) goes to the server as
  // it goes to subscribers, in the same order.
  const mq = (broker as unknown as { mq: Emitter }).mq;
  const emit = mq.emit.bind(mq);
  mq.emit = (packet, done) => {
    if (packet.qos === 0 && packet.clientId && robots.has(packet.clientId) && mq.length >= queueLimit) {
      dropped++;
      if (done) setImmediate(done);
      return mq;
    }
    if (packet.clientId !== undefined && !serverIds.has(packet.clientId)) toServer(packet.topic, packet.payload);
    return emit(packet, done);
  };

  const listen = (listener: Server, port: number, host: string | undefined, setting: string) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `MQTT port ${port} is already in use (another broker?): set ${setting} to a free port, ` +
                  'or MQTT_URL to use that broker',
              )
            : error,
        ),
      );
      listener.listen(port, host ?? '0.0.0.0', () => {
        const bound = listener.address();
        resolve(typeof bound === 'object' && bound ? bound.port : port);
      });
    });
  // TCP_NODELAY, as Mosquitto: a command to a robot is a small write that Nagle must not hold back.
  const server: Server = createServer({ noDelay: true }, broker.handle);
  const tlsServer: Server | null = options.tls
    ? createTlsServer(
        { cert: options.tls.cert, key: options.tls.key, minVersion: 'TLSv1.2', noDelay: true },
        broker.handle,
      )
    : null;
  const closeAll = async () => {
    clearInterval(sweep);
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await Promise.all(
      [server, tlsServer].map(
        (listener) =>
          new Promise<void>((resolve) => (listener?.listening ? listener.close(() => resolve()) : resolve())),
      ),
    );
  };
  let port: number;
  let tlsPort: number | null = null;
  try {
    port = await listen(server, options.port, options.host, 'MQTT_PORT');
    if (tlsServer && options.tls) {
      tlsPort = await listen(tlsServer, options.tls.port, options.tls.host ?? options.host, 'MQTT_TLS_PORT');
    }
  } catch (error) {
    await closeAll();
    throw error;
  }

  return {
    url: loopbackUrl(options.host, port),
    port,
    host: options.host ?? '0.0.0.0',
    tlsPort,
    serverPassword,
    connectedRobots: () => robots.size,
    droppedTelemetry: () => dropped,
    disconnectRobots: (serials) => {
      for (const serial of serials) {
        const client = robots.get(serial);
        if (!client) continue;
        robots.delete(serial);
        client.close();
      }
    },
    subscribed: async (topic) => {
      // Clean sessions subscribe in the emitter only; persistent ones are also in the persistence.
      const { mq: emitter, persistence } = broker as unknown as {
        mq: { _matcher: { match(t: string): unknown[] } };
        persistence: { subscriptionsByTopic(t: string): Promise<unknown[]> };
      };
      if (emitter._matcher.match(topic).length > 0) return true;
      return (await persistence.subscriptionsByTopic(topic)).length > 0;
    },
    robotMessages: inbox.listen,
    close: closeAll,
  };
}
