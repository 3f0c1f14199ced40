/**
 * The console socket's limits, in one place. The upgrade is open before sign-in, so whatever a
 * peer can make the server hold before it authenticates is bounded here.
 */
export const SOCKET_LIMITS = {
  /**
   * Largest message a console may send, summed over its fragments (ws `maxPayload`). Console
   * messages are a few hundred bytes (auth with a token, ping, subscribe); 64 KiB leaves room.
   */
  maxPayload: 64 * 1024,
  /**
   * Most fragments of one message (ws `maxFragments`). Browsers send a console message as one
   * frame; without this, a peer could send a message as thousands of empty or one-byte fragments.
   */
  maxFragments: 64,
  /** Most chunks of socket data ws keeps while it waits for the rest of a frame (ws `maxBufferedChunks`). */
  maxBufferedChunks: 1024,
  /** Sockets not yet authenticated, from one client address. */
  maxPendingPerAddress: 16,
  /** Sockets not yet authenticated, in total on this instance. */
  maxPendingTotal: 512,
  /**
   * A socket the server closes (or ws closes for breaking a limit) is dropped if the peer has not
   * finished the closing handshake by then (ws `closeTimeout`, 30 s by default): a peer that keeps
   * sending instead of closing does not hold its place that long.
   */
  closeTimeoutMs: 2_000,
} as const;

/** The options of the ws server behind `@fastify/websocket`. */
export const wsServerOptions = {
  maxPayload: SOCKET_LIMITS.maxPayload,
  maxFragments: SOCKET_LIMITS.maxFragments,
  maxBufferedChunks: SOCKET_LIMITS.maxBufferedChunks,
  closeTimeout: SOCKET_LIMITS.closeTimeoutMs,
  perMessageDeflate: false,
};

/** Close code (1013, "try again later") for a socket beyond the caps on unauthenticated sockets. */
export const SOCKET_CLOSE_BUSY = 1013;

/** The origin of an Origin header in its normal form; null when it is not an http(s) origin ('null', garbage). */
function normalOrigin(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether the console socket accepts a browser page of this Origin: the console's own host (the
 * Host the request was sent to, as Fastify reads it, so also behind a trusted proxy) or one of
 * `SOCKET_ORIGINS` (in normal form, see config). A request without Origin is not from a browser page
 * (browsers always send it on a WebSocket upgrade): tools and scripts are let through, as they must
 * still sign in.
 */
export function socketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  const url = normalOrigin(origin);
  if (url === null) return false;
  if (host && url.host === host.toLowerCase()) return true;
  return allowed.includes(url.origin);
}
