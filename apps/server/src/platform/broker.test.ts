import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/robots.js';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';

const log = pino({ level: 'silent' });

/** Connects as `serial` with any password (this broker's verifier accepts every robot). */
function connectRobot(url: string, serial: string) {
  return new Promise<mqtt.MqttClient>((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: serial,
      username: serial,
      password: 'token',
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

describe('the embedded broker under overload', () => {
  let broker: EmbeddedBroker | null = null;
  const clients: mqtt.MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await broker?.close();
    broker = null;
  });

  it('drops and counts telemetry beyond its queue, while events and commands (QoS 1) still get through', async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log,
      telemetryQueueLimit: 20,
    });
    const server = await mqtt.connectAsync(broker.url, {
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      protocolVersion: 4,
    });
    clients.push(server);
    let states = 0;
    const events: string[] = [];
    server.on('message', (topic, payload) => {
      if (topic.endsWith('/state')) states++;
      else events.push(payload.toString());
    });
    await server.subscribeAsync({ 'patrol/+/state': { qos: 0 }, 'patrol/+/event': { qos: 1 } });

    const robots = await Promise.all(Array.from({ length: 30 }, (_, i) => connectRobot(broker!.url, `OVL-${i}`)));
    clients.push(...robots);
    const commands: string[] = [];
    robots[0]!.on('message', (_topic, payload) => commands.push(payload.toString()));
    await robots[0]!.subscribeAsync('patrol/OVL-0/cmd', { qos: 1 });

    // The server's client stops reading: deliveries back up as they do when the server is overloaded.
    server.stream.pause();
    const big = JSON.stringify({ ts: Date.now(), pad: 'x'.repeat(64 * 1024) });
    let published = 0;
    await Promise.all(
      robots.map(async (robot, i) => {
        for (let n = 0; n < 15; n++) {
          await robot.publishAsync(`patrol/OVL-${i}/state`, big, { qos: 0 });
          published++;
        }
      }),
    );
    await until(() => broker!.droppedTelemetry() > 0);

    // QoS 1 in both directions is queued, not dropped, while telemetry is.
    await robots[1]!.publishAsync('patrol/OVL-1/event', JSON.stringify({ id: 'alarm-1' }), { qos: 1 });
    const command = mqtt.connect(broker.url, {
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      protocolVersion: 4,
    });
    clients.push(command);
    await new Promise((resolve) => command.once('connect', resolve));
    command.publish('patrol/OVL-0/cmd', JSON.stringify({ id: 'cmd-1' }), { qos: 1 });

    server.stream.resume();
    await until(() => events.length === 1 && commands.length === 1);
    expect(events).toEqual([JSON.stringify({ id: 'alarm-1' })]);
    expect(commands).toEqual([JSON.stringify({ id: 'cmd-1' })]);
    // Every telemetry message is either delivered or counted as dropped.
    await until(() => states + broker!.droppedTelemetry() === published);
    expect(broker.droppedTelemetry()).toBeGreaterThan(0);
    expect(states).toBeGreaterThan(0);
  });

  it('refuses the robot beyond its limit with CONNACK 3 (server unavailable) and lets a connected one reconnect', async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log,
      maxRobots: 2,
    });
    clients.push(await connectRobot(broker.url, 'LIM-1'), await connectRobot(broker.url, 'LIM-2'));
    expect(broker.connectedRobots()).toBe(2);
    const refused = await connectRobot(broker.url, 'LIM-3').then(
      (client) => {
        clients.push(client);
        return null;
      },
      (error: { code?: number }) => error,
    );
    expect(refused?.code).toBe(3);
    // The same robot reconnecting takes its own place, not a new one.
    const again = await connectRobot(broker.url, 'LIM-1');
    clients.push(again);
    expect(broker.connectedRobots()).toBe(2);
    // The server's own client is never counted against the limit.
    clients.push(
      await mqtt.connectAsync(broker.url, { username: SERVER_MQTT_USERNAME, password: broker.serverPassword }),
    );
    await again.endAsync();
    await until(() => broker!.connectedRobots() === 1);
    clients.push(await connectRobot(broker.url, 'LIM-3'));
    expect(broker.connectedRobots()).toBe(2);
  });
});
