import { z } from 'zod';
import { commandRecord } from './commands.js';
import { robotLive } from './robots.js';
import { idValue } from './fields.js';
import { alarmHandledData, alarmMute, alarmPushData } from './alarms.js';
import { fleetStopStatus } from './fleet-stop.js';
import { voiceSessionId, voiceSignal, VOICE_SDP_MAX } from './voice.js';

/**
 * Messages on the console's WebSocket (the URL is config `msgSocketUrl` with the user id as
 * suffix). The browser's first message authenticates the socket with the session token; the
 * server closes a socket that has not done so within `SOCKET_AUTH_TIMEOUT_MS`.
 */
export const SOCKET_AUTH_TIMEOUT_MS = 5_000;
/** Close code for a socket refused because its token is missing, wrong or expired. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;

/** What a console tab can subscribe to. */
/**
 * What a console tab can subscribe to: `robots` (live state, command progress, the fleet stop) and
 * `alarms` (alarm pushes and decisions, for the main layout's popups).
 */
export const socketTopics = ['robots', 'alarms'] as const;
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
  /**
   * The browser's offer for a live announcement it started (`POST /voice/intercom/start`): full SDP,
   * ICE gathered. It binds the session to this socket: the session ends when the socket closes.
   */
  z.object({ type: z.literal('voiceOffer'), sessionId: voiceSessionId, sdp: z.string().min(1).max(VOICE_SDP_MAX) }),
  /** The browser ends its announcement (as `POST /voice/intercom/end`). */
  z.object({ type: z.literal('voiceHangup'), sessionId: voiceSessionId }),
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
  /** The fleet-wide stop changed (subscribers of `robots` in its tenant). */
  z.object({ type: z.literal('fleetStop'), data: fleetStopStatus }),
  /** A new alarm (subscribers of `alarms` who may see the robot): spec section 3's push message. */
  z.object({ type: z.literal('gun'), data: alarmPushData, robotId: z.number().int() }),
  z.object({ type: z.literal('sentiment'), data: alarmPushData, robotId: z.number().int() }),
  /** An alarm was handled (an open popup for it says by whom and closes). */
  z.object({ type: z.literal('alarmHandled'), data: alarmHandledData }),
  /** The user muted a kind of popup (to all of the user's consoles). */
  z.object({ type: z.literal('alarmMute'), data: alarmMute }),
  /** A live announcement's signalling and reports, to the consoles of the operator who holds it. */
  z.object({ type: z.literal('voice'), data: voiceSignal }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessage>;
