import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { ROBOT_PUBLISH_TOPICS, ROBOT_SUBSCRIBE_TOPICS, robotTopic } from '@patrol/contracts';

const CONTROL = '$CONTROL/dynamic-security/v1';
const RESPONSE = `${CONTROL}/response`;

type Command = { command: string; [key: string]: unknown };
type Response = { command: string; error?: string; correlationData?: unknown };

/** How long a dynamic-security request waits for its answer. */
export const DYNSEC_TIMEOUT_MS = 10_000;

/** Keeps robots' identities on an external Mosquitto whose dynamic-security plugin enforces them. */
export type RobotProvisioner = {
  /** Creates (or replaces) the robot's client and its role limited to its own topics. */
  upsertRobot(serial: string, password: string): Promise<void>;
  removeRobot(serial: string): Promise<void>;
  /** Disables robots' clients (the broker disconnects them and refuses them) or enables them again. */
  setRobotsEnabled(serials: readonly string[], enabled: boolean): Promise<void>;
  /**
   * Gives robots provisioned earlier every ACL of today's role (a topic added since, like `run`);
   * an ACL a role holds already is left as it is. Called at start-up.
   */
  refreshRobotRoles(serials: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

const roleOf = (serial: string) => `patrol-robot-${serial}`;

/** The role of one robot: publish its own reports, subscribe to its own commands and config. */
function robotAcls(serial: string) {
  return [
    ...ROBOT_PUBLISH_TOPICS.map((kind) => ({
      acltype: 'publishClientSend',
      topic: robotTopic(serial, kind),
      allow: true,
    })),
    ...ROBOT_SUBSCRIBE_TOPICS.flatMap((kind) => [
      { acltype: 'subscribeLiteral', topic: robotTopic(serial, kind), allow: true },
      { acltype: 'publishClientReceive', topic: robotTopic(serial, kind), allow: true },
    ]),
  ];
}

/**
 * Provisions robots through Mosquitto's dynamic-security plugin (MQTT_DYNSEC=1): one client per
 * robot (username = serial, password derived from its key) holding one role that allows only its
 * own topics. The server connects as MQTT_USERNAME, a dynamic-security administrator.
 */
export async function connectProvisioner(options: {
  url: string;
  username: string | null;
  password: string | null;
  log: FastifyBaseLogger;
  /** DYNSEC_TIMEOUT_MS unless given. */
  timeoutMs?: number;
}): Promise<RobotProvisioner> {
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: `patrol-dynsec-${randomBytes(6).toString('hex')}`,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    reconnectPeriod: 2000,
  });
  await client.subscribeAsync(RESPONSE, { qos: 1 });
  const timeoutMs = options.timeoutMs ?? DYNSEC_TIMEOUT_MS;
  // Each request waits for the answer that echoes its own correlation data, so an answer lost (in a
  // broker outage) or late fails that request alone and never shifts the answers of the next ones.
  const waiting = new Map<string, (responses: Response[]) => void>();
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE) return;
    let body: { responses?: Response[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as { responses?: Response[] };
    } catch {
      options.log.warn('dynamic security: an answer that is not JSON was dropped');
      return;
    }
    const byRequest = new Map<string, Response[]>();
    for (const response of body.responses ?? []) {
      const id = response.correlationData;
      if (typeof id !== 'string' || !waiting.has(id)) continue;
      byRequest.set(id, [...(byRequest.get(id) ?? []), response]);
    }
    for (const [id, responses] of byRequest) waiting.get(id)?.(responses);
  });

  /** Sends commands and waits for their responses, or fails after `timeoutMs` leaving nothing behind. */
  async function send(commands: Command[]): Promise<Response[]> {
    // Never queued while the broker is away: a request sent after its own time-out could undo a later one.
    if (!client.connected) throw new Error('dynamic security unreachable');
    const id = randomUUID();
    const answer = new Promise<Response[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('dynamic security did not answer'));
      }, timeoutMs);
      waiting.set(id, (responses) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(responses);
      });
    });
    client.publish(CONTROL, JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) }), {
      qos: 1,
    });
    return answer;
  }

  const failed = (responses: Response[], ignore: RegExp) =>
    responses.filter((r) => r.error && !ignore.test(r.error)).map((r) => `${r.command}: ${r.error}`);

  return {
    async upsertRobot(serial, password) {
      // Replace whatever was there, in one request: a rotated key gets a fresh client and role.
      const responses = await send([
        { command: 'deleteClient', username: serial },
        { command: 'deleteRole', rolename: roleOf(serial) },
        { command: 'createRole', rolename: roleOf(serial), acls: robotAcls(serial) },
        { command: 'createClient', username: serial, password, roles: [{ rolename: roleOf(serial) }] },
      ]);
      const errors = failed(
        responses.filter((r) => r.command.startsWith('create')),
        /^$/,
      );
      if (responses.length < 4 || errors.length) {
        throw new Error(`provisioning ${serial} failed: ${errors.join('; ') || 'incomplete answer'}`);
      }
    },
    async removeRobot(serial) {
      const responses = await send([
        { command: 'deleteClient', username: serial },
        { command: 'deleteRole', rolename: roleOf(serial) },
      ]);
      const errors = failed(responses, /not found/i);
      if (errors.length) options.log.warn({ serial, errors }, 'robot deprovisioning failed');
    },
    async setRobotsEnabled(serials, enabled) {
      const command = enabled ? 'enableClient' : 'disableClient';
      // In chunks: one control message per robot would be slow for a big tenant, one for all too big.
      for (let i = 0; i < serials.length; i += 100) {
        const responses = await send(serials.slice(i, i + 100).map((username) => ({ command, username })));
        const errors = failed(responses, /not found/i);
        if (errors.length) options.log.warn({ errors }, `robots' ${command} failed`);
      }
    },
    async refreshRobotRoles(serials) {
      for (let i = 0; i < serials.length; i += 50) {
        const commands = serials
          .slice(i, i + 50)
          .flatMap((serial) =>
            robotAcls(serial).map((acl) => ({ command: 'addRoleACL', rolename: roleOf(serial), ...acl })),
          );
        const errors = failed(await send(commands), /already exists|not found/i);
        if (errors.length) options.log.warn({ errors: errors.slice(0, 5) }, "robots' roles not refreshed");
      }
    },
    close: () => client.endAsync(),
  };
}
