import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../../test/robots.js';
import { SERVER_MQTT_USERNAME, type EmbeddedBroker } from './broker.js';
import { startEmbeddedBrokerThread } from './broker-thread.js';

const connect = (url: string, serial: string) =>
  new Promise<mqtt.MqttClient>((resolve, reject) => {
    const client = mqtt.connect(url, { clientId: serial, username: serial, password: 'token', reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });

describe('the embedded broker on its own thread (MQTT_BROKER_THREAD=1)', () => {
  const clients: mqtt.MqttClient[] = [];
  let broker: EmbeddedBroker | null = null;
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await broker?.close();
  });

  it('checks robots with the main thread, keeps its limit, carries telemetry to the server and disconnects robots on demand', async () => {
    const checked: string[] = [];
    broker = await startEmbeddedBrokerThread({
      port: 0,
      host: '127.0.0.1',
      maxRobots: 1,
      log: pino({ level: 'silent' }),
      verifyRobot: async (serial) => {
        checked.push(serial);
        return serial.startsWith('OK');
      },
    });
    const server = await mqtt.connectAsync(broker.url, {
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      protocolVersion: 4,
    });
    clients.push(server);
    const states: string[] = [];
    server.on('message', (_topic, payload) => states.push(payload.toString()));
    await server.subscribeAsync('patrol/+/state', { qos: 0 });

    const bad = await connect(broker.url, 'BAD-1').catch((error: { code?: number }) => error);
    expect((bad as { code?: number }).code).toBe(4);
    const robot = await connect(broker.url, 'OK-1');
    clients.push(robot);
    expect(checked).toEqual(['BAD-1', 'OK-1']);
    await until(() => broker!.connectedRobots() === 1);
    const refused = await connect(broker.url, 'OK-2').catch((error: { code?: number }) => error);
    expect((refused as { code?: number }).code).toBe(3);

    // Robots' messages reach the server over the thread's port, and over MQTT to whoever subscribes.
    const handedOver: string[] = [];
    broker.robotMessages((topic, body) => handedOver.push(`${topic} ${body}`));
    await robot.publishAsync('patrol/OK-1/state', '{"ts":1}', { qos: 0 });
    await robot.publishAsync('patrol/OK-1/event', '{"id":"e1"}', { qos: 1 });
    await until(() => states.length === 1 && handedOver.length === 2);
    expect(states).toEqual(['{"ts":1}']);
    expect(handedOver).toEqual(['patrol/OK-1/state {"ts":1}', 'patrol/OK-1/event {"id":"e1"}']);

    // A disabled tenant's robot is disconnected by the thread when the main thread says so.
    const gone = new Promise<void>((resolve) => robot.once('close', () => resolve()));
    broker.disconnectRobots(['OK-1']);
    await gone;
    await until(() => broker!.connectedRobots() === 0);
  });

  it('drops telemetry beyond its queue while the main thread is too busy to take it, never an event, and counts every state', async () => {
    await broker?.close();
    broker = await startEmbeddedBrokerThread({
      port: 0,
      host: '127.0.0.1',
      telemetryQueueLimit: 20,
      log: pino({ level: 'silent' }),
      verifyRobot: async () => true,
    });
    let states = 0;
    const events: string[] = [];
    broker.robotMessages((topic, body) => {
      if (topic.endsWith('/state')) states++;
      else events.push(body);
    });
    const robots = await Promise.all(Array.from({ length: 10 }, (_, i) => connect(broker!.url, `BUSY-${i}`)));
    clients.push(...robots);
    robots.forEach((robot, i) => {
      for (let ts = 0; ts < 15; ts++) robot.publish(`patrol/BUSY-${i}/state`, JSON.stringify({ ts }), { qos: 0 });
      robot.publish(`patrol/BUSY-${i}/event`, JSON.stringify({ id: `e${i}` }), { qos: 1 });
    });
    // The main thread is held up for a second: the thread reads everything meanwhile, and nothing it
    // posts is taken until the main thread is free again.
    const until_ = Date.now() + 1000;
    while (Date.now() < until_) {
      // busy
    }
    await until(() => events.length === 10 && states + broker!.droppedTelemetry() === 150);
    expect(broker.droppedTelemetry()).toBeGreaterThan(0);
    expect(states).toBeGreaterThan(0);
    expect(events.sort()).toEqual(Array.from({ length: 10 }, (_, i) => JSON.stringify({ id: `e${i}` })).sort());
  });
});
