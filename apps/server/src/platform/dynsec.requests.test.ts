import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { connectProvisioner, type RobotProvisioner } from './dynsec.js';

const log = pino({ level: 'silent' });
const CONTROL = '$CONTROL/dynamic-security/v1';

type Command = { command: string; username?: string; password?: string; correlationData?: unknown };

/**
 * A stand-in for Mosquitto's dynamic-security plugin on the embedded broker: it answers each control
 * message with one response per command, echoing each command's correlation data, as the plugin does.
 * `plan` decides per message whether the answer is dropped, delayed or carries an error.
 */
async function fakeDynsec(
  broker: EmbeddedBroker,
  plan: (commands: Command[], index: number) => { drop?: boolean; delayMs?: number; error?: string } = () => ({}),
) {
  const client: MqttClient = await mqtt.connectAsync(broker.url, {
    username: SERVER_MQTT_USERNAME,
    password: broker.serverPassword,
    reconnectPeriod: 0,
  });
  const received: Command[][] = [];
  await client.subscribeAsync(CONTROL, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const { commands } = JSON.parse(payload.toString()) as { commands: Command[] };
    const index = received.push(commands) - 1;
    const { drop, delayMs = 0, error } = plan(commands, index);
    if (drop) return;
    const responses = commands.map((c) => ({
      command: c.command,
      ...(error && c.command === 'createClient' ? { error } : {}),
      ...(c.correlationData === undefined ? {} : { correlationData: c.correlationData }),
    }));
    setTimeout(() => client.publish(`${CONTROL}/response`, JSON.stringify({ responses }), { qos: 1 }), delayMs);
  });
  return { received, close: () => client.endAsync() };
}

describe('robot provisioning requests to dynamic security', () => {
  let broker: EmbeddedBroker;
  let provisioner: RobotProvisioner | undefined;
  beforeEach(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => false, log });
  });
  afterEach(async () => {
    await provisioner?.close();
    provisioner = undefined;
    await broker.close();
  });
  const connect = (timeoutMs: number) =>
    connectProvisioner({
      url: broker.url,
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      log,
      timeoutMs,
    });

  it('fails only the request whose answer was lost; the ones after it get their own answers', async () => {
    const dynsec = await fakeDynsec(broker, (_commands, index) => ({ drop: index === 0 }));
    try {
      provisioner = await connect(300);
      await expect(provisioner.upsertRobot('LOST-1', 'pw-lost')).rejects.toThrow(/did not answer/);
      // Every later registration and key rotation works again, without a restart.
      await provisioner.upsertRobot('NEXT-1', 'pw-next-1');
      await provisioner.upsertRobot('NEXT-2', 'pw-next-2');
      const created = dynsec.received.flat().filter((c) => c.command === 'createClient');
      expect(created.map((c) => c.username)).toEqual(['LOST-1', 'NEXT-1', 'NEXT-2']);
    } finally {
      await dynsec.close();
    }
  });

  it('gives each of several requests in flight its own answer, whatever order the answers come in', async () => {
    // The first request's answer comes last, and the second's names an error: only the second fails.
    const dynsec = await fakeDynsec(broker, (commands) => {
      const serial = commands.find((c) => c.command === 'createClient')?.username;
      return {
        delayMs: serial === 'SLOW-1' ? 200 : 0,
        ...(serial === 'BAD-1' ? { error: 'Client already exists' } : {}),
      };
    });
    try {
      provisioner = await connect(5000);
      const results = await Promise.allSettled([
        provisioner.upsertRobot('SLOW-1', 'pw-1'),
        provisioner.upsertRobot('BAD-1', 'pw-2'),
        provisioner.upsertRobot('FAST-1', 'pw-3'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/BAD-1.*Client already exists/);
    } finally {
      await dynsec.close();
    }
  });

  it('fails at once while the broker is unreachable instead of queueing the request for later', async () => {
    const dynsec = await fakeDynsec(broker);
    provisioner = await connect(5000);
    await dynsec.close();
    await broker.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await expect(provisioner.upsertRobot('AWAY-1', 'pw')).rejects.toThrow(/unreachable/);
    expect(Date.now() - started).toBeLessThan(1000);
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => false, log });
  });
});
