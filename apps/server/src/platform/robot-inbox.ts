/** A robot's message as the embedded broker hands it to the server: its topic and its UTF-8 body. */
export type RobotMessage = [topic: string, body: string];

/** Messages other than telemetry held for the server until it takes them (beyond this, the oldest go). */
export const ROBOT_INBOX_HOLD_LIMIT = 10_000;

export type RobotInbox = {
  /** A batch of robots' messages from the broker, in the order they were published. */
  deliver(batch: readonly RobotMessage[]): void;
  /**
   * Hands every message from now on to `listener`, after those held until now: presence, events and
   * replies that arrived before the server was ready (telemetry is not held: the next one follows).
   */
  listen(listener: (topic: string, body: string) => void): void;
  /** Whether a listener takes the messages yet. */
  listening(): boolean;
};

/**
 * Where the embedded broker leaves robots' messages for the server, in this process: the gateway
 * takes them from here instead of subscribing over MQTT, with no loopback socket and no encoding
 * and parsing of MQTT packets on the way.
 */
export function createRobotInbox(holdLimit = ROBOT_INBOX_HOLD_LIMIT): RobotInbox {
  let listener: ((topic: string, body: string) => void) | null = null;
  const held: RobotMessage[] = [];
  return {
    deliver: (batch) => {
      if (listener) {
        for (const [topic, body] of batch) listener(topic, body);
        return;
      }
      for (const message of batch) {
        if (message[0].endsWith('/state')) continue;
        held.push(message);
        if (held.length > holdLimit) held.shift();
      }
    },
    listen: (next) => {
      listener = next;
      for (const [topic, body] of held.splice(0)) next(topic, body);
    },
    listening: () => listener !== null,
  };
}
