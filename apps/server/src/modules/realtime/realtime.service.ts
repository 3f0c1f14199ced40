import type { FastifyBaseLogger } from 'fastify';
import {
  resolveLanguage,
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_CLOSE_UNAUTHORIZED,
  socketClientMessage,
  socketTopics,
  type SocketClientMessage,
  type SocketServerMessage,
  type SocketTopic,
} from '@patrol/contracts';
import type { WebSocket } from 'ws';
import type { RealtimeHub, SocketConnection } from '../../platform/hub.js';
import { SOCKET_CLOSE_BUSY, SOCKET_LIMITS } from '../../platform/socket-limits.js';
import type { AccessService } from '../access/access.service.js';

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a console may subscribe to: who may watch in which tenant, and what it gets at once. */
export type TopicProvider = {
  /** The tenant the console will watch, or null when it may not. */
  authorize(conn: SocketConnection, requestedTenantId: number | undefined): Promise<number | null>;
  snapshot(
    tenantId: number,
    conn: SocketConnection,
  ): SocketServerMessage | SocketServerMessage[] | Promise<SocketServerMessage | SocketServerMessage[]>;
};

/** Client messages of the protocol that a module handles (the live announcement's signalling). */
export type ModuleClientMessage = Exclude<SocketClientMessage, { type: 'auth' | 'ping' | 'subscribe' | 'unsubscribe' }>;
export type ModuleClientMessageType = ModuleClientMessage['type'];
/** Handles one kind of client message from an authenticated console; it must not throw. */
export type ClientMessageHandler<T extends ModuleClientMessageType> = (
  conn: SocketConnection,
  message: Extract<ModuleClientMessage, { type: T }>,
) => void | Promise<void>;
/** Told when an authenticated console's socket closes. */
export type CloseHandler = (conn: SocketConnection) => void;

/**
 * The console socket's protocol. The first message must be `{type:'auth', token, lang}` for the
 * user of the URL, resolved like every API request (a live session of an enabled user and tenant);
 * anything else first, a wrong token, or no auth within SOCKET_AUTH_TIMEOUT_MS closes the socket
 * with 4401, and so does the session's expiry. Once authenticated the socket joins the hub, `ping`
 * is answered `pong`, and `subscribe`/`unsubscribe` follow a topic offered by the module that owns
 * it (the `robots` topic is monitoring's). Other client messages (the live announcement's
 * `voiceOffer` and `voiceHangup`) go to the module that registered for them with
 * `onClientMessage`, only from an authenticated console; `onClose` tells modules of an
 * authenticated console's socket closing.
 *
 * Sockets not yet authenticated are capped per client address and in total
 * (`SOCKET_LIMITS`); one beyond a cap is closed at once with 1013.
 */
export function createRealtimeService(deps: { access: Pick<AccessService, 'resolveCaller'>; hub: RealtimeHub }) {
  const topics = new Map<SocketTopic, TopicProvider>();
  const messageHandlers = new Map<ModuleClientMessageType, ClientMessageHandler<ModuleClientMessageType>>();
  const closeHandlers = new Set<CloseHandler>();
  /** Sockets not yet authenticated, by client address, and their total. */
  const pendingByAddress = new Map<string, number>();
  let pendingTotal = 0;

  /** Counts a new unauthenticated socket; false when a cap is reached. The returned release is idempotent. */
  function holdPending(address: string): (() => void) | null {
    const fromAddress = pendingByAddress.get(address) ?? 0;
    if (fromAddress >= SOCKET_LIMITS.maxPendingPerAddress || pendingTotal >= SOCKET_LIMITS.maxPendingTotal) return null;
    pendingByAddress.set(address, fromAddress + 1);
    pendingTotal++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      pendingTotal--;
      const left = (pendingByAddress.get(address) ?? 1) - 1;
      if (left > 0) pendingByAddress.set(address, left);
      else pendingByAddress.delete(address);
    };
  }

  /** A module offers a topic to the consoles; each topic has one owner. */
  function offer(topic: SocketTopic, provider: TopicProvider): void {
    if (topics.has(topic)) throw new Error(`socket topic ${topic} is offered twice`);
    topics.set(topic, provider);
  }

  /** A module handles a kind of client message of authenticated consoles; each kind has one owner. */
  function onClientMessage<T extends ModuleClientMessageType>(type: T, handler: ClientMessageHandler<T>): void {
    if (messageHandlers.has(type)) throw new Error(`socket message ${type} is handled twice`);
    messageHandlers.set(type, handler as unknown as ClientMessageHandler<ModuleClientMessageType>);
  }

  /** A module is told when an authenticated console's socket closes; answers the removal. */
  function onClose(handler: CloseHandler): () => void {
    closeHandlers.add(handler);
    return () => closeHandlers.delete(handler);
  }

  /** Topics of the protocol that no module offers (none once the app is complete). */
  function missingTopics(): SocketTopic[] {
    return socketTopics.filter((topic) => !topics.has(topic));
  }

  /** Takes over an upgraded socket of the console of `userId`, opened from `address`. */
  function accept(socket: WebSocket, userId: number, address: string, log: FastifyBaseLogger): void {
    const release = holdPending(address);
    if (!release) {
      log.warn({ address }, 'console socket refused: too many unauthenticated sockets');
      socket.close(SOCKET_CLOSE_BUSY, 'too many unauthenticated sockets');
      return;
    }
    let conn: SocketConnection | null = null;
    let expiry: NodeJS.Timeout | undefined;
    const refuse = () => socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'unauthorized');
    const reply = (message: SocketServerMessage) => socket.send(JSON.stringify(message));

    const authTimer = setTimeout(() => {
      if (!conn) refuse();
    }, SOCKET_AUTH_TIMEOUT_MS);
    socket.once('close', () => {
      release();
      clearTimeout(authTimer);
      clearTimeout(expiry);
      if (!conn) return;
      for (const handler of closeHandlers) {
        try {
          handler(conn);
        } catch (error) {
          log.error({ err: error }, 'socket close handler failed');
        }
      }
    });

    let authenticating = false;
    socket.on('message', async (data, isBinary) => {
      let parsed: ReturnType<typeof socketClientMessage.safeParse>;
      try {
        parsed = socketClientMessage.safeParse(isBinary ? undefined : JSON.parse(data.toString()));
      } catch {
        parsed = socketClientMessage.safeParse(undefined);
      }
      if (!parsed.success) {
        if (!conn) refuse();
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') {
        if (conn) reply({ type: 'pong' });
        else refuse();
        return;
      }
      if (message.type === 'subscribe' || message.type === 'unsubscribe') {
        if (!conn) return refuse();
        const watcher = conn;
        if (message.type === 'unsubscribe') {
          watcher.topics.delete(message.topic);
          return;
        }
        try {
          const provider = topics.get(message.topic);
          const tenantId = provider ? await provider.authorize(watcher, message.tenantId) : null;
          if (!provider || tenantId === null) {
            reply({ type: 'refused', topic: message.topic });
            return;
          }
          watcher.topics.set(message.topic, tenantId);
          const first = await provider.snapshot(tenantId, watcher);
          for (const message of Array.isArray(first) ? first : [first]) reply(message);
        } catch (error) {
          log.error({ err: error }, 'socket subscription failed');
        }
        return;
      }
      if (message.type !== 'auth') {
        // A module's message (the announcement's signalling): only from an authenticated console.
        if (!conn) return refuse();
        const handler = messageHandlers.get(message.type);
        if (!handler) return;
        try {
          await handler(conn, message);
        } catch (error) {
          log.error({ err: error, type: message.type }, 'socket message handler failed');
        }
        return;
      }
      if (conn || authenticating) return;
      authenticating = true;
      try {
        // The same resolution as every API request: a live session of an enabled user and tenant.
        const session = await deps.access.resolveCaller(message.token, null).catch(() => null);
        if (!session || session.userId !== userId) return refuse();
        if (socket.readyState !== socket.OPEN) return;
        clearTimeout(authTimer);
        release();
        conn = {
          socket,
          userId,
          sessionId: session.sessionId,
          homeTenantId: session.homeTenantId,
          topics: new Map(),
          visibleRobots: null,
          lang: resolveLanguage(message.lang),
          alive: true,
        };
        deps.hub.add(conn);
        const left = session.sessionExpiresAt.getTime() - Date.now();
        expiry = setTimeout(refuse, Math.min(Math.max(left, 0), MAX_TIMER_MS));
        reply({ type: 'ready', userId });
      } catch (error) {
        log.error({ err: error }, 'socket authentication failed');
        socket.close(1011, 'server error');
      } finally {
        authenticating = false;
      }
    });
  }

  return { offer, onClientMessage, onClose, missingTopics, accept };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
