import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import './mqtt-packet.js';
import {
  EMBEDDED_BROKER_MAX_ROBOTS,
  parseRobotTopic,
  ROBOT_PUBLISH_RATE_LIMIT,
  ROBOT_PUBLISH_TOPICS,
  ROBOT_SUBSCRIBE_TOPICS,
  robotTopic,
} from '@patrol/contracts';

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
/** How often the robot-limit refusal is logged at most. */
const LIMIT_LOG_INTERVAL_MS = 60_000;

/** The part of aedes' mqemitter the overload guard needs. */
type Emitter = {
  length: number;
  emit(packet: { topic: string; qos: number; clientId?: string }, done?: (error?: Error) => void): unknown;
};

export type EmbeddedBroker = {
  /** `mqtt://127.0.0.1:<port>` for the server's own client. */
  url: string;
  port: number;
  /** The password of the server's own client (random per process). */
  serverPassword: string;
  /** Robots connected now, by serial. */
  connectedRobots(): number;
  /** Telemetry messages dropped so far because delivery was backed up. */
  droppedTelemetry(): number;
  close(): Promise<void>;
};

type RateWindow = { second: number; count: number };

/**
 * The embedded MQTT broker (aedes) used when no MQTT_URL is set. It enforces the protocol's rules
 * itself: a robot connects with its serial number as client id and username and a token signed with
 * its key, publishes only its own topics (at most ROBOT_PUBLISH_RATE_LIMIT messages a second) and
 * subscribes only to its own commands and config. The server's own client may do anything.
 *
 * It degrades rather than falls over: at most `maxRobots` robots at once (the next is refused with
 * CONNACK 3, server unavailable), and robots' telemetry is dropped and counted, never queued, once
 * TELEMETRY_QUEUE_LIMIT messages wait for delivery.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host?: string;
  verifyRobot: RobotVerifier;
  log: FastifyBaseLogger;
  /** EMBEDDED_BROKER_MAX_ROBOTS unless given. */
  maxRobots?: number;
  /** TELEMETRY_QUEUE_LIMIT unless given. */
  telemetryQueueLimit?: number;
}): Promise<EmbeddedBroker> {
  const serverPassword = randomBytes(24).toString('base64url');
  const serverSecret = Buffer.from(serverPassword);
  const servers = new WeakSet<Client>();
  const rates = new WeakMap<Client, RateWindow>();
  const maxRobots = options.maxRobots ?? EMBEDDED_BROKER_MAX_ROBOTS;
  const queueLimit = options.telemetryQueueLimit ?? TELEMETRY_QUEUE_LIMIT;
  // The connection that holds each robot's serial now (a reconnect replaces the old one).
  const robots = new Map<string, Client>();
  let dropped = 0;
  let limitLoggedAt = 0;

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
        if (Date.now() - limitLoggedAt > LIMIT_LOG_INTERVAL_MS) {
          limitLoggedAt = Date.now();
          options.log.warn(
            { serial, maxRobots },
            `mqtt: robot refused, the embedded broker holds its limit of ${maxRobots} robots; ` +
              'use an external broker (MQTT_URL) for a bigger fleet',
          );
        }
        return true;
      };
      if (username === SERVER_MQTT_USERNAME) {
        if (password && password.length === serverSecret.length && timingSafeEqual(password, serverSecret)) {
          servers.add(client);
          return done(null, true);
        }
        return refuse();
      }
      if (!username || username !== client.id || !password) return refuse();
      if (full(username)) return refuse(3);
      options
        .verifyRobot(username, password.toString())
        .then((ok) => {
          if (!ok) return refuse();
          // Checked again: other robots may have taken the room while this one was verified.
          if (full(username)) return refuse(3);
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
      const second = Math.floor(Date.now() / 1000);
      const rate = rates.get(client);
      if (!rate || rate.second !== second) rates.set(client, { second, count: 1 });
      else if (++rate.count > ROBOT_PUBLISH_RATE_LIMIT) {
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
  });

  // Overload guard: a robot's telemetry that would wait behind a full delivery queue is dropped here,
  // before aedes queues it. Its publisher goes on at once (on the next turn, never recursing).
  const mq = (broker as unknown as { mq: Emitter }).mq;
  const emit = mq.emit.bind(mq);
  mq.emit = (packet, done) => {
    if (packet.qos === 0 && packet.clientId && robots.has(packet.clientId) && mq.length >= queueLimit) {
      dropped++;
      if (done) setImmediate(done);
      return mq;
    }
    return emit(packet, done);
  };

  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      broker.close();
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `MQTT port ${options.port} is already in use (another broker?): set MQTT_PORT to a free port, ` +
                'or MQTT_URL to use that broker',
            )
          : error,
      );
    });
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    serverPassword,
    connectedRobots: () => robots.size,
    droppedTelemetry: () => dropped,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
