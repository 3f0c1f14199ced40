import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Language, RobotLive, SocketServerMessage, SocketTopic } from '@patrol/contracts';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@patrol/contracts';
import type { WebSocket } from 'ws';
import type { Bus } from './bus.js';

/** The close code a console reconnects on at once: the server is going away (a restart, a deploy). */
export const SOCKET_CLOSE_GOING_AWAY = 1001;

/**
 * The socket server's step before the HTTP server closes (`@fastify/websocket`'s `preClose`): every
 * socket, signed in or still waiting for its first message, closes with 1001 "going away". The
 * plugin's own default closes them without a code (the console sees 1005) and runs before the hub's.
 */
export async function closeSocketsGoingAway(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(SOCKET_CLOSE_GOING_AWAY, 'server shutting down');
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export type SocketConnection = {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  /** The user's own tenant. */
  homeTenantId: number;
  /** Topics this console subscribed to, with the tenant it watches them in. */
  topics: Map<SocketTopic, number>;
  /** The robots this console may see; null for the whole fleet of the watched tenant. */
  visibleRobots: ReadonlySet<number> | null;
  lang: Language;
  alive: boolean;
};

/**
 * Each live robot's JSON, made once and shared by every push and console that carries it. The
 * monitoring service makes a new object for every change and never changes one it has delivered.
 */
const robotJson = new WeakMap<RobotLive, string>();

function encodeRobot(robot: RobotLive): string {
  let json = robotJson.get(robot);
  if (json === undefined) robotJson.set(robot, (json = JSON.stringify(robot)));
  return json;
}

/** A `robots` push as JSON, from the robots' own JSON: what JSON.stringify of the message gives. */
export function robotsWire(data: RobotLive[], full?: boolean): string {
  return `{"type":"robots","data":[${data.map(encodeRobot).join(',')}]${full === undefined ? '' : `,"full":${full}`}}`;
}

/** A dead peer (no pong since the last ping) is dropped after at most two of these. */
export const HEARTBEAT_MS = 30_000;

/**
 * Keeps this instance's authenticated console sockets by user id. Sending goes through the bus,
 * so with a Redis bus a message published on any instance reaches the user's sockets on all of them.
 */
export function createRealtimeHub(bus: Bus, log: FastifyBaseLogger) {
  const byUser = new Map<number, Set<SocketConnection>>();

  const send = (conn: SocketConnection, message: SocketServerMessage) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  };

  const each = function* () {
    for (const set of byUser.values()) yield* set;
  };

  const unsubscribe = [
    bus.subscribe('realtime.send', ({ userIds, message }) => {
      for (const userId of new Set(userIds)) for (const conn of byUser.get(userId) ?? []) send(conn, message);
    }),
    bus.subscribe('realtime.topic', ({ tenantId, topic, message }) => deliverToTopic(tenantId, topic, message)),
    bus.subscribe('sessions.revoked', ({ sessionIds }) => {
      const ended = new Set(sessionIds);
      for (const conn of [...each()]) {
        if (ended.has(conn.sessionId)) conn.socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'session ended');
      }
    }),
  ];

  const heartbeat = setInterval(() => {
    for (const conn of each()) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** Registers an authenticated socket; it leaves the hub by itself when it closes. */
  function add(conn: SocketConnection): void {
    let set = byUser.get(conn.userId);
    if (!set) byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
    conn.socket.on('pong', () => {
      conn.alive = true;
    });
    conn.socket.once('close', () => {
      set.delete(conn);
      if (set.size === 0 && byUser.get(conn.userId) === set) byUser.delete(conn.userId);
    });
  }

  /** Sends a message to every open console of these users, on every instance. */
  async function sendToUsers(userIds: number[], message: SocketServerMessage): Promise<void> {
    if (userIds.length === 0) return;
    await bus.publish('realtime.send', { userIds, message });
  }

  /** Whether a console of this instance watches a topic in a tenant. */
  function watched(tenantId: number, topic: SocketTopic): boolean {
    for (const conn of each()) if (conn.topics.get(topic) === tenantId) return true;
    return false;
  }

  /**
   * A robot's new live state, encoded as it arrives when a console here watches its tenant's fleet:
   * the next push then only joins what is ready, and does not hold the event loop (and the robots'
   * messages behind it) for the whole fleet's encoding at once.
   */
  function encodeAhead(tenantId: number, robot: RobotLive): void {
    if (watched(tenantId, 'robots')) encodeRobot(robot);
  }

  /** Sends a message to this instance's consoles that watch a topic in a tenant. */
  function deliverToTopic(tenantId: number, topic: SocketTopic, message: SocketServerMessage): void {
    // Encoded once for every console that gets the whole message, and sent as a text frame.
    let wire: Buffer | undefined;
    const encode = () =>
      Buffer.from(message.type === 'robots' ? robotsWire(message.data, message.full) : JSON.stringify(message));
    for (const conn of each()) {
      if (conn.topics.get(topic) !== tenantId || conn.socket.readyState !== conn.socket.OPEN) continue;
      const visible = conn.visibleRobots;
      if (visible && message.type === 'robots') {
        const data = message.data.filter((r) => visible.has(r.robotId));
        if (data.length) conn.socket.send(robotsWire(data));
        continue;
      }
      if (visible && message.type === 'command' && !visible.has(message.data.robotId)) continue;
      if (visible && (message.type === 'gun' || message.type === 'sentiment') && !visible.has(message.robotId))
        continue;
      if (visible && message.type === 'alarmHandled' && !visible.has(message.data.robotId)) continue;
      conn.socket.send((wire ??= encode()), { binary: false });
    }
  }

  /** Sends a message to the consoles that watch a topic in a tenant, on every instance. */
  async function publishToTopic(tenantId: number, topic: SocketTopic, message: SocketServerMessage): Promise<void> {
    await bus.publish('realtime.topic', { tenantId, topic, message });
  }

  /** This instance's open consoles of a user. */
  function connectionsOf(userId: number): SocketConnection[] {
    return [...(byUser.get(userId) ?? [])];
  }

  function connectionCount(userId?: number): number {
    if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of byUser.values()) n += set.size;
    return n;
  }

  function close(): void {
    clearInterval(heartbeat);
    for (const off of unsubscribe) off();
    for (const conn of [...each()]) conn.socket.close(SOCKET_CLOSE_GOING_AWAY, 'server shutting down');
    byUser.clear();
    log.debug('realtime hub closed');
  }

  return { add, sendToUsers, deliverToTopic, encodeAhead, publishToTopic, connectionsOf, connectionCount, close };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
