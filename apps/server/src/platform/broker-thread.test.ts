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

    await robot.publishAsync('patrol/OK-1/state', '{"ts":1}', { qos: 0 });
    await until(() => states.length === 1);
    expect(states).toEqual(['{"ts":1}']);

    // A disabled tenant's robot is disconnected by the thread when the main thread says so.
    const gone = new Promise<void>((resolve) => robot.once('close', () => resolve()));
    broker.disconnectRobots(['OK-1']);
    await gone;
    await until(() => broker!.connectedRobots() === 0);
  });
});
