import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import {
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

export type EmbeddedBroker = {
  /** `mqtt://127.0.0.1:<port>` for the server's own client. */
  url: string;
  port: number;
  /** The password of the server's own client (random per process). */
  serverPassword: string;
  /** Robots connected now, by serial. */
  connectedRobots(): number;
  close(): Promise<void>;
};

type RateWindow = { second: number; count: number };

/**
 * The embedded MQTT broker (aedes) used when no MQTT_URL is set. It enforces the protocol's rules
 * itself: a robot connects with its serial number as client id and username and a token signed with
 * its key, publishes only its own topics (at most ROBOT_PUBLISH_RATE_LIMIT messages a second) and
 * subscribes only to its own commands and config. The server's own client may do anything.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host?: string;
  verifyRobot: RobotVerifier;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const serverPassword = randomBytes(24).toString('base64url');
  const serverSecret = Buffer.from(serverPassword);
  const servers = new WeakSet<Client>();
  const rates = new WeakMap<Client, RateWindow>();

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const refuse = () => {
        const error = Object.assign(new Error('not authorized'), { returnCode: 4 as const });
        done(error, false);
      };
      if (username === SERVER_MQTT_USERNAME) {
        if (password && password.length === serverSecret.length && timingSafeEqual(password, serverSecret)) {
          servers.add(client);
          return done(null, true);
        }
        return refuse();
      }
      if (!username || username !== client.id || !password) return refuse();
      options
        .verifyRobot(username, password.toString())
        .then((ok) => (ok ? done(null, true) : refuse()))
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
    connectedRobots: () => broker.connectedClients - 1,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
