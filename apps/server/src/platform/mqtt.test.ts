import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROBOT_MESSAGE_MAX_BYTES } from '@patrol/contracts';
import { until } from '../../test/robots.js';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { startMqttGateway, type MqttGateway } from './mqtt.js';

// The gateway's own checks are what protect the console behind an external broker (Mosquitto), which
// carries whatever its own settings let through. The publisher here is a second server client, which
// the embedded broker lets do anything, so every message reaches the gateway as it would from Mosquitto.
describe('the MQTT gateway drops what the console must not store, whichever broker carried it', () => {
  let broker: EmbeddedBroker;
  let gateway: MqttGateway;
  let carrier: mqtt.MqttClient;
  const lines: { msg: string; [key: string]: unknown }[] = [];
  const uploads: string[] = [];
  const presence: string[] = [];
  let probed = false;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log: pino({ level: 'silent' }),
    });
    gateway = await startMqttGateway({
      kind: 'embedded',
      url: broker.url,
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      log: pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
    gateway.on('online', (serial, payload) => {
      presence.push(`${serial}:${String((payload as { online: boolean }).online)}`);
    });
    gateway.on('upload', (serial, payload) => {
      if (serial === 'PROBE') probed = true;
      else uploads.push(`${serial}:${(payload as { name: string }).name}`);
    });
    gateway.admit((serial) => (serial.startsWith('OFF-') ? Promise.resolve(false) : true));
    gateway.receive();
    carrier = await mqtt.connectAsync(broker.url, {
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      protocolVersion: 4,
    });
    // The gateway subscribes once it receives; probe until its subscription is in place.
    await until(async () => {
      await carrier.publishAsync('patrol/PROBE/upload', JSON.stringify({ name: 'probe' }), { qos: 1 });
      return probed;
    });
  });
  afterAll(async () => {
    await carrier.endAsync();
    await gateway.close();
    await broker.close();
  });

  const record = (name: string, pad = 0) =>
    JSON.stringify({ id: name, ts: 1, kind: 'image', name, pad: 'x'.repeat(pad) });

  it('drops a message beyond the size of its topic and logs a flood of them once', async () => {
    await carrier.publishAsync('patrol/BIG-1/upload', record('huge.jpg', 5 * 1024 * 1024), { qos: 1 });
    for (let n = 0; n < 20; n++) {
      await carrier.publishAsync(`patrol/BIG-${n}/upload`, record(`big-${n}.jpg`, ROBOT_MESSAGE_MAX_BYTES.upload), {
        qos: 1,
      });
    }
    await carrier.publishAsync('patrol/BIG-1/upload', record('small.jpg', 100), { qos: 1 });
    await until(() => uploads.includes('BIG-1:small.jpg'));
    expect(uploads).toEqual(['BIG-1:small.jpg']);
    const logged = lines.filter((line) => line.msg.includes('dropped a message of'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ clientId: 'BIG-1', topic: 'patrol/BIG-1/upload' });
  });

  it("drops the messages of a robot its check refuses (a disabled tenant's) and handles the others", async () => {
    uploads.length = 0;
    await carrier.publishAsync('patrol/OFF-1/upload', record('refused.jpg'), { qos: 1 });
    await carrier.publishAsync('patrol/ON-1/upload', record('kept.jpg'), { qos: 1 });
    await until(() => uploads.includes('ON-1:kept.jpg'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uploads).toEqual(['ON-1:kept.jpg']);
    expect(lines.filter((line) => line.msg.includes('disabled tenant'))).toHaveLength(1);
  });

  it('takes a refused robot going offline (its last will), and nothing else of its presence', async () => {
    await carrier.publishAsync('patrol/OFF-2/online', JSON.stringify({ online: true }), { qos: 1 });
    await carrier.publishAsync('patrol/OFF-2/online', JSON.stringify({ online: false }), { qos: 1 });
    await until(() => presence.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(presence).toEqual(['OFF-2:false']);
  });
});

describe("the MQTT gateway fed by the embedded broker's hand-over", () => {
  it('handles each message through its checks, survives a handler that throws, and takes nothing once closed', async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log: pino({ level: 'silent' }),
    });
    const errors: string[] = [];
    let take: ((topic: string, body: string) => void) | null = null;
    const gateway = await startMqttGateway({
      kind: 'embedded',
      url: broker.url,
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      log: pino(
        { level: 'error' },
        { write: (line: string) => errors.push((JSON.parse(line) as { msg: string }).msg) },
      ),
      inbound: (next) => (take = next),
    });
    try {
      const events: string[] = [];
      gateway.on('event', (serial) => {
        if (serial === 'BAD-1') throw new Error('handler bug');
        events.push(serial);
      });
      gateway.on('event', (serial) => {
        events.push(`second:${serial}`);
      });
      expect(take).toBeNull();
      gateway.receive();
      // Not subscribed over MQTT: the hand-over is the only way in.
      expect(await broker.subscribed('patrol/ANY/event')).toBe(false);
      take!('patrol/BAD-1/event', '{"id":"e1"}');
      take!('patrol/OK-1/event', 'not json');
      take!('patrol/OK-1/event', '{"id":"e2"}');
      expect(events).toEqual(['second:BAD-1', 'OK-1', 'second:OK-1']);
      expect(errors).toEqual(['mqtt: message handler failed']);

      await gateway.close();
      take!('patrol/OK-1/event', '{"id":"e3"}');
      expect(events).toHaveLength(3);
    } finally {
      await gateway.close();
      await broker.close();
    }
  });
});
