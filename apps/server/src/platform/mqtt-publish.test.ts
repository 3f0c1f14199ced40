import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { startEmbeddedBrokerThread } from './broker-thread.js';
import { startMqttGateway, type MqttGateway } from './mqtt.js';

const log = pino({ level: 'silent' });
/** The machine's broker (CI: Mosquitto 2 on 127.0.0.1:1883) when TEST_MQTT_URL is set. */
const external = process.env.TEST_MQTT_URL?.trim();
type Kind = 'embedded' | 'thread' | 'external';
const BROKERS: [string, Kind][] = [
  ['the embedded broker', 'embedded'],
  ['the embedded broker on its own thread', 'thread'],
  ...(external ? [['Mosquitto (MQTT 5)', 'external'] as [string, Kind]] : []),
];

describe.each(BROKERS)('a command publish on %s', (_name, kind) => {
  let broker: EmbeddedBroker | null = null;
  let gateway: MqttGateway;
  let url: string;
  let credentials: { username?: string; password?: string } = {};
  beforeAll(async () => {
    if (kind === 'external') {
      url = external!;
      gateway = await startMqttGateway({ kind: 'external', url, log });
    } else {
      const start = kind === 'thread' ? startEmbeddedBrokerThread : startEmbeddedBroker;
      broker = await start({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
      url = broker.url;
      credentials = { username: SERVER_MQTT_USERNAME, password: broker.serverPassword };
      const embedded = broker;
      gateway = await startMqttGateway({
        kind: 'embedded',
        url,
        ...credentials,
        log,
        subscribed: (topic) => embedded.subscribed(topic),
      });
    }
  });
  afterAll(async () => {
    await gateway?.close();
    await broker?.close();
  });

  it('says when nobody subscribes to the topic, and that it was sent once somebody does', async () => {
    const serial = `NS-${randomBytes(5).toString('hex')}`;
    const topic = `patrol/${serial}/cmd`;
    expect(await gateway.publish(topic, { id: 'a' }, { qos: 1 })).toBe('noSubscribers');

    const listener = await mqtt.connectAsync(url, { ...credentials, reconnectPeriod: 0 });
    try {
      const received: string[] = [];
      listener.on('message', (_topic, payload) => received.push(payload.toString()));
      await listener.subscribeAsync(topic, { qos: 1 });
      expect(await gateway.publish(topic, { id: 'b' }, { qos: 1 })).toBe('sent');
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([JSON.stringify({ id: 'b' })]);
      // Retained and QoS 0 messages are not asked about.
      expect(await gateway.publish(`patrol/${serial}/other`, { id: 'c' }, { qos: 0 })).toBe('sent');
    } finally {
      await listener.endAsync();
    }
  });
});
