import { z } from 'zod';
import { commandRecord } from './commands.js';
import { robotLive } from './robots.js';
import { idValue } from './fields.js';

/**
 * Messages on the console's WebSocket (the URL is config `msgSocketUrl` with the user id as
 * suffix). The browser's first message authenticates the socket with the session token; the
 * server closes a socket that has not done so within `SOCKET_AUTH_TIMEOUT_MS`.
 */
export const SOCKET_AUTH_TIMEOUT_MS = 5_000;
/** Close code for a socket refused because its token is missing, wrong or expired. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;

/** What a console tab can subscribe to. */
export const socketTopics = ['robots'] as const;
export type SocketTopic = (typeof socketTopics)[number];
/**
 * The robots that changed go out at once when nothing was sent just before; under load they are
 * gathered and sent at most once per this interval (so at most 20 messages a second per console).
 */
export const ROBOT_PUSH_MIN_INTERVAL_MS = 50;

export const socketClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1), lang: z.string().optional() }),
  z.object({ type: z.literal('ping') }),
  /** Live robot state for the open map or control page; off again with `unsubscribe`. */
  z.object({
    type: z.literal('subscribe'),
    topic: z.enum(socketTopics),
    /** The tenant the console acts in (its `tenant-id` header); the user's own when absent. */
    tenantId: idValue.optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topic: z.enum(socketTopics) }),
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
  /** The robots that changed since the last push (subscribers of `robots`). */
  z.object({
    type: z.literal('robots'),
    data: z.array(robotLive),
    /** The whole fleet the console may see (after subscribing, or when that changes), not a delta. */
    full: z.boolean().optional(),
  }),
  /** Robots that left the watched fleet (moved to another tenant, deleted, unassigned). */
  z.object({ type: z.literal('robotsGone'), data: z.array(z.number().int()) }),
  /** A subscription the user may not have (no grant, or a tenant not theirs). */
  z.object({ type: z.literal('refused'), topic: z.enum(socketTopics) }),
  /** A command's progress, to the subscribers of `robots` in its tenant. */
  z.object({ type: z.literal('command'), data: commandRecord }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessage>;
