import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import './mqtt-packet.js';
import { parseRobotTopic, ROBOT_MESSAGE_MAX_BYTES, TOPIC_ROOT, type RobotTopicKind } from '@patrol/contracts';
import { limitedLog } from './log-limit.js';

/** Kinds of robot message the server receives. */
export type InboundKind = 'state' | 'event' | 'cmd/reply' | 'upload' | 'online' | 'run' | 'voice/reply';
export type InboundHandler = (serial: string, payload: unknown, topic: string) => void | Promise<void>;
/** Whether a serial's messages are handled at all (false while its tenant is disabled); answers at once when it can. */
export type InboundGate = (serial: string) => boolean | Promise<boolean>;

/** How often each kind of dropped robot message is logged at most. */
const DROP_LOG_INTERVAL_MS = 60_000;

/**
 * What the broker said of a publish: `sent` (it has it), or `noSubscribers` (MQTT 5 PUBACK reason
 * code 0x10, or the embedded broker's own answer): nobody subscribes to the topic, so nobody gets it.
 */
export type PublishOutcome = 'sent' | 'noSubscribers';

/** How long a publish waits for the broker (its PUBACK) before it fails. */
export const PUBLISH_TIMEOUT_MS = 5000;

export type MqttGateway = {
  /** `embedded` (aedes in this process) or `external` (MQTT_URL). */
  readonly kind: 'embedded' | 'external';
  connected(): boolean;
  /**
   * Publishes JSON; resolves when the broker has it (QoS 1) or it is written (QoS 0), with whether
   * anybody subscribes (QoS 1, not retained); fails after PUBLISH_TIMEOUT_MS without the broker's answer.
   */
  publish(topic: string, payload: unknown, options?: { qos?: 0 | 1; retain?: boolean }): Promise<PublishOutcome>;
  /** Adds a handler of one kind of robot message; invalid JSON, and a payload beyond ROBOT_MESSAGE_MAX_BYTES, never reach it. */
  on(kind: InboundKind, handler: InboundHandler): void;
  /** Adds a listener of the link to the broker: false when it is lost, true when it is (re)established. */
  onLink(listener: (up: boolean) => void): void;
  /** Sets the check every robot message passes before its handlers (the robots module's `admits`). */
  admit(gate: InboundGate): void;
  /**
   * Starts taking robots' messages: from the embedded broker's hand-over, else by subscribing to
   * their topics (and again on every reconnect). Call it once the handlers are added.
   */
  receive(): void;
  /** Telemetry (`state`) messages dropped here, oversized or not JSON, so far (the metrics). */
  droppedStates(): number;
  close(): Promise<void>;
};

/**
 * The server's own MQTT client. On an external broker the robot topics are received through shared
 * subscriptions, so several instances split the load; `online` (retained) is received by every
 * instance, because brokers do not send retained messages to shared subscriptions.
 */
export async function startMqttGateway(options: {
  kind: 'embedded' | 'external';
  url: string;
  username?: string | null;
  password?: string | null;
  log: FastifyBaseLogger;
  /** Shared-subscription group (external brokers): each robot message reaches one instance of it. */
  shareGroup?: string;
  /** How long start waits for the first connection before going on (it keeps retrying). */
  connectWaitMs?: number;
  /** DROP_LOG_INTERVAL_MS unless given. */
  dropLogIntervalMs?: number;
  /** The embedded broker's answer to whether a topic has subscribers (it speaks MQTT 3.1.1, without reason codes). */
  subscribed?: (topic: string) => Promise<boolean>;
  /** PUBLISH_TIMEOUT_MS unless given. */
  publishTimeoutMs?: number;
  /**
   * The embedded broker's hand-over of robots' messages in this process (`robotMessages`): given,
   * the client subscribes to nothing and only publishes.
   */
  inbound?: (take: (topic: string, body: string) => void) => void;
}): Promise<MqttGateway> {
  const handlers = new Map<RobotTopicKind, InboundHandler[]>();
  let gate: InboundGate | null = null;
  let droppedStates = 0;
  const logOversized = limitedLog(options.dropLogIntervalMs ?? DROP_LOG_INTERVAL_MS);
  const logRefused = limitedLog(options.dropLogIntervalMs ?? DROP_LOG_INTERVAL_MS);
  const shared = options.kind === 'external';
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: `patrol-server-${randomBytes(6).toString('hex')}`,
    // The embedded broker (aedes) speaks MQTT 3.1.1; external brokers get 5.
    protocolVersion: options.kind === 'embedded' ? 4 : 5,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
  });

  const filters: Record<InboundKind, string> = {
    state: `${TOPIC_ROOT}/+/state`,
    event: `${TOPIC_ROOT}/+/event`,
    'cmd/reply': `${TOPIC_ROOT}/+/cmd/reply`,
    upload: `${TOPIC_ROOT}/+/upload`,
    run: `${TOPIC_ROOT}/+/run`,
    online: `${TOPIC_ROOT}/+/online`,
    'voice/reply': `${TOPIC_ROOT}/+/voice/reply`,
  };
  const subscriptions = Object.fromEntries(
    (Object.entries(filters) as [InboundKind, string][]).map(([kind, filter]) => [
      shared && kind !== 'online' ? `$share/${options.shareGroup ?? 'patrol-server'}/${filter}` : filter,
      { qos: kind === 'state' ? 0 : 1 } as const,
    ]),
  );

  let receiving = false;
  const subscribe = () =>
    client.subscribe(subscriptions, (error) => {
      if (error) options.log.error({ err: error }, 'mqtt: subscribe failed');
    });
  const linkListeners: ((up: boolean) => void)[] = [];
  let linked = false;
  const link = (up: boolean) => {
    if (up === linked) return;
    linked = up;
    for (const listener of linkListeners) listener(up);
  };
  client.on('connect', () => {
    options.log.info(`mqtt: connected to the ${options.kind} broker`);
    if (receiving && !options.inbound) subscribe();
    link(true);
  });
  client.on('close', () => link(false));
  client.on('error', (error) => options.log.warn({ err: error }, 'mqtt: client error'));
  // MQTT 5: the message ids the broker acknowledged with 0x10 (no matching subscribers); the publish's
  // own callback, which mqtt.js calls right after with the same id, takes its id out again.
  const unmatched = new Set<number>();
  client.on('packetreceive', (packet) => {
    if (packet.cmd === 'puback' && packet.reasonCode === 0x10 && packet.messageId !== undefined) {
      unmatched.add(packet.messageId);
    }
  });
  const publishTimeoutMs = options.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS;
  client.on('offline', () => options.log.warn('mqtt: broker unreachable, retrying'));
  const dispatch = (list: InboundHandler[], serial: string, topic: string, payload: unknown) => {
    const failed = (error: unknown) => options.log.error({ err: error, topic }, 'mqtt: message handler failed');
    for (const handler of list) {
      // A handler that throws at once fails alone: the next handler and the next message still run.
      try {
        Promise.resolve(handler(serial, payload, topic)).catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  };
  const refused = (serial: string, topic: string) =>
    logRefused((extra) =>
      options.log.warn({ clientId: serial, topic, ...extra }, "mqtt: dropped a message of a disabled tenant's robot"),
    );
  let closed = false;
  /** A robot's message, from the server's client or straight from the embedded broker. */
  const take = (topic: string, body: Buffer | string) => {
    if (closed) return;
    const parsed = parseRobotTopic(topic);
    if (!parsed) return;
    const list = handlers.get(parsed.kind);
    if (!list?.length) return;
    // Checked here as well as by the embedded broker, for external brokers: nothing oversized is stored.
    const limit = ROBOT_MESSAGE_MAX_BYTES[parsed.kind as InboundKind];
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (size > limit) {
      if (parsed.kind === 'state') droppedStates++;
      logOversized((extra) =>
        options.log.warn(
          { clientId: parsed.serial, topic, size, limit, ...extra },
          `mqtt: dropped a message of ${size} bytes (at most ${limit} on ${parsed.kind})`,
        ),
      );
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
    } catch {
      if (parsed.kind === 'state') droppedStates++;
      options.log.warn({ topic }, 'mqtt: dropped a message that is not JSON');
      return;
    }
    // A robot going offline (its last will, when it is disconnected because its tenant was disabled)
    // is taken whatever the gate says, in its turn, so that it never stays online on the map.
    const offline = parsed.kind === 'online' && (payload as { online?: unknown } | null)?.online === false;
    const decide = (ok: boolean) =>
      ok || offline ? dispatch(list, parsed.serial, topic, payload) : refused(parsed.serial, topic);
    let verdict: ReturnType<InboundGate>;
    try {
      verdict = gate ? gate(parsed.serial) : true;
    } catch (error) {
      options.log.error({ err: error, topic }, 'mqtt: message check failed');
      return;
    }
    if (typeof verdict === 'boolean') return decide(verdict);
    verdict.then(decide, (error: unknown) => options.log.error({ err: error, topic }, 'mqtt: message check failed'));
  };
  client.on('message', take);

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.connectWaitMs ?? 5000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    kind: options.kind,
    connected: () => client.connected,
    publish: async (topic, payload, publishOptions = {}) => {
      const qos = publishOptions.qos ?? 1;
      const retain = publishOptions.retain ?? false;
      const asks = qos === 1 && !retain;
      if (asks && options.subscribed && !(await options.subscribed(topic))) return 'noSubscribers';
      return new Promise<PublishOutcome>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`mqtt: no answer to a publish within ${publishTimeoutMs} ms`)),
          publishTimeoutMs,
        );
        client.publish(topic, JSON.stringify(payload), { qos, retain }, (error, packet) => {
          clearTimeout(timer);
          const id = packet?.messageId;
          const nobody = id !== undefined && unmatched.delete(id);
          if (error) return reject(error);
          resolve(asks && nobody ? 'noSubscribers' : 'sent');
        });
      });
    },
    on: (kind, handler) => {
      handlers.set(kind, [...(handlers.get(kind) ?? []), handler]);
    },
    onLink: (listener) => {
      linkListeners.push(listener);
    },
    admit: (check) => {
      gate = check;
    },
    receive: () => {
      if (receiving) return;
      receiving = true;
      if (options.inbound) options.inbound(take);
      else if (client.connected) subscribe();
    },
    close: () => {
      // Nothing reaches the handlers once the gateway is closed (the embedded broker may still hand over).
      closed = true;
      return new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
    },
    droppedStates: () => droppedStates,
  };
}
