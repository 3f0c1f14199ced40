// The robot protocol's topics and limits (docs/robot-protocol.md), without any schema: what the
// embedded broker needs, whose thread then loads no schema library. Also exported by protocol.ts,
// the package root and `@patrol/contracts/plain`. Every robot publishes and subscribes only under
// `patrol/{serial}/`.

export const TOPIC_ROOT = 'patrol';

/** A serial number is the robot's MQTT client id, username and topic segment: no `/ + #`, no spaces. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** What a robot publishes. */
export const ROBOT_PUBLISH_TOPICS = ['state', 'event', 'cmd/reply', 'upload', 'online', 'run', 'voice/reply'] as const;
/** What a robot subscribes to. */
export const ROBOT_SUBSCRIBE_TOPICS = ['cmd', 'config', 'voice'] as const;
export type RobotTopicKind = (typeof ROBOT_PUBLISH_TOPICS)[number] | (typeof ROBOT_SUBSCRIBE_TOPICS)[number];

export const robotTopic = (serial: string, kind: RobotTopicKind) => `${TOPIC_ROOT}/${serial}/${kind}`;

/** Splits `patrol/{serial}/{kind}`; null for anything else. */
export function parseRobotTopic(topic: string): { serial: string; kind: RobotTopicKind } | null {
  const match = /^patrol\/([^/]+)\/(state|event|cmd\/reply|cmd|upload|online|config|run|voice\/reply|voice)$/.exec(
    topic,
  );
  if (!match || !SERIAL_PATTERN.test(match[1]!)) return null;
  return { serial: match[1]!, kind: match[2] as RobotTopicKind };
}

/** The MQTT password is a JWT (EdDSA) signed with the robot's private key, valid at most this long. */
export const ROBOT_TOKEN_MAX_TTL_S = 3600;
/** Clock difference tolerated between a robot and the server when checking `iat` and `exp`. */
export const ROBOT_TOKEN_SKEW_S = 60;
/**
 * A robot may publish this many messages a second on average, in bursts of at most as many (a token
 * bucket per serial number, kept across reconnects); the embedded broker refuses the excess.
 */
export const ROBOT_PUBLISH_RATE_LIMIT = 20;
/** Connections a robot (a serial number) may open a minute on the embedded broker; the next are refused. */
export const ROBOT_RECONNECT_LIMIT_PER_MINUTE = 10;
/**
 * Largest payload, in bytes, of each kind of robot message. Telemetry, presence, events and replies
 * are small JSON documents; an upload message is the record of a file (its URL and metadata), never
 * the file, so it is bounded too. A larger message is refused and not stored.
 */
export const ROBOT_MESSAGE_MAX_BYTES: Readonly<Record<(typeof ROBOT_PUBLISH_TOPICS)[number], number>> = {
  state: 8 * 1024,
  online: 1024,
  event: 384 * 1024,
  'cmd/reply': 4 * 1024,
  upload: 64 * 1024,
  run: 4 * 1024,
  /** An SDP answer with its candidates, or a level report. */
  'voice/reply': 16 * 1024,
};
/**
 * Robots one embedded broker accepts at once; it refuses the next with CONNACK 3 (server
 * unavailable). Beyond this, run an external broker (MQTT_URL).
 */
export const EMBEDDED_BROKER_MAX_ROBOTS = 5000;
