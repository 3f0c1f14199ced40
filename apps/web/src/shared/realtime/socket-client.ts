import { SOCKET_CLOSE_UNAUTHORIZED, socketServerMessage } from '@patrol/contracts';
import type { SocketClientMessage, SocketServerMessage, SocketTopic } from '@patrol/contracts';
import { trackSocket, untrackSocket } from './live-sockets';

export type SocketStatus = 'connecting' | 'open' | 'closed' | 'unauthorized';

/** Any message of the console socket: JSON with a `type`. */
export type SocketMessage = { type: string; [key: string]: unknown };
type KnownType = SocketServerMessage['type'];
type KnownMessage<T extends KnownType> = Extract<SocketServerMessage, { type: T }>;
type Handler = (message: SocketMessage) => void;
const KNOWN_TYPES: ReadonlySet<string> = new Set(socketServerMessage.options.map((option) => option.shape.type.value));

export type SocketClientOptions = {
  url: string;
  /** Read at each (re)connection, so a renewed token is used. */
  token: () => string | null;
  language: () => string;
  createSocket?: (url: string) => WebSocket;
  initialRetryMs?: number;
  maxRetryMs?: number;
  /** The longest wait between attempts after the server said it is going away (a restart). */
  restartRetryMs?: number;
  /** How long after a "going away" the attempts keep to `restartRetryMs` before the usual back-off. */
  restartWindowMs?: number;
  heartbeatMs?: number;
};

/** The close code of a server going away (a restart, a deploy): reconnect at once. */
const SOCKET_CLOSE_GOING_AWAY = 1001;

/**
 * The console's WebSocket (URL from config msgSocketUrl plus the user id). It authenticates with
 * the session token as its first message, reconnects with exponential back-off (kept to about a
 * second after a server restart, close code 1001), stops for good on
 * close code 4401 (unauthorized) and dispatches messages by `type` to subscribers.
 */
export class SocketClient {
  private readonly options: Required<Omit<SocketClientOptions, 'createSocket'>> &
    Pick<SocketClientOptions, 'createSocket'>;
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();
  private status: SocketStatus = 'closed';
  private attempt = 0;
  /** Until when attempts keep short after a "going away"; 0 when the server did not say so. */
  private restartUntil = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  /** Topics the open pages watch, with how many watch each and in which tenant. */
  private readonly topics = new Map<SocketTopic, { count: number; tenantId: number | undefined }>();

  constructor(options: SocketClientOptions) {
    this.options = {
      initialRetryMs: 1_000,
      maxRetryMs: 30_000,
      restartRetryMs: 1_000,
      restartWindowMs: 60_000,
      heartbeatMs: 25_000,
      ...options,
    };
  }

  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    trackSocket(this);
    this.open();
  }

  close(): void {
    this.stopped = true;
    untrackSocket(this);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('closed');
  }

  /** Calls `handler` for each message of `type`; returns the matching unsubscribe. */
  subscribe<T extends KnownType>(type: T, handler: (message: KnownMessage<T>) => void): () => void;
  subscribe(type: string, handler: (message: SocketMessage) => void): () => void;
  subscribe(type: string, listener: (message: never) => void): () => void {
    const handler = listener as Handler;
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(type);
      current?.delete(handler);
      if (current?.size === 0) this.handlers.delete(type);
    };
  }

  /**
   * Asks the server for a topic (live robot state) while at least one page watches it; the
   * subscription is renewed after every reconnection. Returns the matching unwatch.
   */
  watch(topic: SocketTopic, tenantId?: number): () => void {
    const entry = this.topics.get(topic) ?? { count: 0, tenantId };
    entry.count += 1;
    entry.tenantId = tenantId;
    this.topics.set(topic, entry);
    if (this.status === 'open') this.send({ type: 'subscribe', topic, ...(tenantId ? { tenantId } : {}) });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = this.topics.get(topic);
      if (!current) return;
      current.count -= 1;
      if (current.count > 0) return;
      this.topics.delete(topic);
      if (this.status === 'open') this.send({ type: 'unsubscribe', topic });
    };
  }

  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  getStatus(): SocketStatus {
    return this.status;
  }

  send(message: SocketClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private open(): void {
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = this.options.createSocket
        ? this.options.createSocket(this.options.url)
        : new WebSocket(this.options.url);
    } catch (error) {
      console.warn('The live socket could not be created.', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const token = this.options.token();
      if (!token) {
        console.warn('No session token: the live socket is not authenticated.');
        socket.close(1000);
        return;
      }
      socket.send(JSON.stringify({ type: 'auth', token, lang: this.options.language() } satisfies SocketClientMessage));
    };
    socket.onmessage = (event: MessageEvent) => this.handleMessage(event.data);
    socket.onerror = () => console.warn('Live socket error.');
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.heartbeatTimer);
      if (this.stopped) return;
      if (event.code === SOCKET_CLOSE_UNAUTHORIZED) {
        console.warn('The live socket was refused: unauthorized.');
        this.stopped = true;
        untrackSocket(this);
        this.setStatus('unauthorized');
        return;
      }
      if (event.code === SOCKET_CLOSE_GOING_AWAY) {
        // A restart: the server is back in seconds, so the back-off starts over and stays short.
        this.attempt = 0;
        this.restartUntil = Date.now() + this.options.restartWindowMs;
      }
      this.setStatus('closed');
      this.scheduleReconnect();
    };
  }

  private handleMessage(raw: unknown): void {
    let message: unknown;
    try {
      message = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || typeof (message as SocketMessage).type !== 'string') {
      console.warn('Live socket: a message without a type was dropped.');
      return;
    }
    const known = socketServerMessage.safeParse(message);
    // A known type that fails its schema never reaches the pages (nor the query cache).
    if (!known.success && KNOWN_TYPES.has((message as SocketMessage).type)) {
      console.warn(`Live socket: a malformed "${(message as SocketMessage).type}" message was dropped.`);
      return;
    }
    const typed = (known.success ? known.data : message) as SocketMessage;
    if (typed.type === 'ready') {
      this.attempt = 0;
      this.restartUntil = 0;
      this.setStatus('open');
      this.startHeartbeat();
      for (const [topic, { tenantId }] of this.topics) {
        this.send({ type: 'subscribe', topic, ...(tenantId ? { tenantId } : {}) });
      }
    }
    for (const handler of [...(this.handlers.get(typed.type) ?? [])]) {
      try {
        handler(typed);
      } catch (error) {
        console.error('A live socket handler failed.', error);
      }
    }
  }

  private startHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.send({ type: 'ping' }), this.options.heartbeatMs);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    let delay: number;
    if (Date.now() < this.restartUntil) {
      // After a "going away": a quarter of the restart wait first, then at most that wait, with a
      // small jitter (a fifth) so a room of consoles spreads over a few hundred milliseconds.
      const base = Math.min(this.options.restartRetryMs, (this.options.restartRetryMs / 4) * 2 ** this.attempt);
      this.attempt += 1;
      delay = base * 0.8 + Math.random() * (base * 0.2);
    } else {
      const base = Math.min(this.options.maxRetryMs, this.options.initialRetryMs * 2 ** this.attempt);
      this.attempt += 1;
      // Jitter keeps a room full of consoles from reconnecting in the same instant after a restart.
      delay = base / 2 + Math.random() * (base / 2);
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.open();
    }, delay);
  }
}

/**
 * The socket URL: config msgSocketUrl (absolute ws/wss/http/https, or relative to the page such as
 * `/api/ws/msg/`) with the user id as suffix.
 */
export function resolveSocketUrl(configured: string, userId: number | string, base: string = window.location.href) {
  const url = new URL(configured, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.hash = '';
  return `${url.toString()}${userId}`;
}
