import { z } from 'zod';

/**
 * Messages on the console's WebSocket (the URL is config `msgSocketUrl` with the user id as
 * suffix). The browser's first message authenticates the socket with the session token; the
 * server closes a socket that has not done so within `SOCKET_AUTH_TIMEOUT_MS`.
 */
export const SOCKET_AUTH_TIMEOUT_MS = 5_000;
/** Close code for a socket refused because its token is missing, wrong or expired. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;

export const socketClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1), lang: z.string().optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type SocketClientMessage = z.infer<typeof socketClientMessage>;

/** Type "1": a system notice, shown as an info notification titled "system message". */
export const systemNoticeMessage = z.object({
  type: z.literal('1'),
  data: z.object({ title: z.string().optional(), content: z.string() }),
});
export const socketServerMessage = z.discriminatedUnion('type', [
  systemNoticeMessage,
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({ type: z.literal('pong') }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessage>;
