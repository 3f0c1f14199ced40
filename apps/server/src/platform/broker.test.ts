import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER, ROBOT_PUBLISH_RATE_LIMIT } from '@patrol/contracts';
import { makeRoute, SimRobot } from '@patrol/robot-sim';
import { otherAddress, reachable } from '../../test/net.js';
import { until } from '../../test/robots.js';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';

const log = pino({ level: 'silent' });

/** A logger whose lines (at warn and above) the test reads. */
function capturingLog() {
  const lines: { msg: string; [key: string]: unknown }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Connects as `serial` with any password (this broker's verifier accepts every robot). */
function connectRobot(url: string, serial: string, options: mqtt.IClientOptions = {}) {
  return new Promise<mqtt.MqttClient>((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: serial,
      username: serial,
      password: 'token',
      protocolVersion: 4,
      reconnectPeriod: 0,
      ...options,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** The server's own client, subscribed to robots' `kinds`; counts what arrives by topic. */
async function serverClient(broker: EmbeddedBroker, kinds: string[]) {
  const client = await mqtt.connectAsync(broker.url, {
    username: SERVER_MQTT_USERNAME,
    password: broker.serverPassword,
    protocolVersion: 4,
  });
  const received: { topic: string; size: number }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, size: payload.length }));
  await client.subscribeAsync(
    kinds.map((kind) => `patrol/+/${kind}`),
    { qos: 1 },
  );
  return { client, received };
}

/** Resolves when the client's connection is gone (the broker closed it), or after `ms`. */
const closed = (client: mqtt.MqttClient, ms = 2000) =>
  new Promise<boolean>((resolve) => {
    if (!client.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Each test's broker and robots' clients, closed after it. */
let broker: EmbeddedBroker | null = null;
const clients: mqtt.MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
  broker = null;
});

describe('the embedded broker under overload', () => {
  it('drops and counts telemetry beyond its queue, while events and commands (QoS 1) still get through', async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log,
      telemetryQueueLimit: 20,
      // Big states fill the sockets' buffers quickly; the size limit is another test's.
      messageMaxBytes: { state: 128 * 1024 },
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

describe('the embedded broker against a misbehaving robot', () => {
  it('keeps a robot to its publish rate across reconnects (a bucket per serial number, not per connection)', async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
    const server = await serverClient(broker, ['state']);
    clients.push(server.client);
    const started = Date.now();
    let connections = 0;
    // Five connections, each bursting 30 messages; every burst beyond the allowance closes the connection.
    for (let n = 0; n < 5; n++) {
      const robot = await connectRobot(broker.url, 'RATE-1');
      clients.push(robot);
      connections++;
      for (let i = 0; i < 30 && robot.connected; i++) robot.publish('patrol/RATE-1/state', `{"ts":${i}}`, { qos: 0 });
      expect(await closed(robot)).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const seconds = (Date.now() - started) / 1000;
    expect(connections).toBe(5);
    // The allowance: one burst of the limit, then the limit a second, whatever the reconnects.
    expect(server.received.length).toBeLessThanOrEqual(Math.ceil(ROBOT_PUBLISH_RATE_LIMIT * (1 + seconds)));
    expect(server.received.length).toBeGreaterThanOrEqual(ROBOT_PUBLISH_RATE_LIMIT);
  });

  it('still publishes the last will of a robot cut off for publishing too fast', async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
    const server = await serverClient(broker, ['online']);
    clients.push(server.client);
    const will = {
      topic: 'patrol/WILL-1/online',
      payload: Buffer.from('{"online":false}'),
      qos: 1 as const,
      retain: true,
    };
    const robot = await connectRobot(broker.url, 'WILL-1', { will });
    clients.push(robot);
    for (let i = 0; i < 30 && robot.connected; i++) robot.publish('patrol/WILL-1/state', `{"ts":${i}}`, { qos: 0 });
    expect(await closed(robot)).toBe(true);
    await until(() => server.received.some((m) => m.topic === 'patrol/WILL-1/online'));
  });

  it('refuses a serial number that connects too often in a minute with CONNACK 3, and logs it once', async () => {
    const { logger, lines } = capturingLog();
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      verifyRobot: async () => true,
      log: logger,
      reconnectsPerMinute: 3,
    });
    for (let n = 0; n < 3; n++) await (await connectRobot(broker.url, 'FLAP-1')).endAsync();
    for (let n = 0; n < 5; n++) {
      const refused = await connectRobot(broker.url, 'FLAP-1').then(
        (client) => {
          clients.push(client);
          return null;
        },
        (error: { code?: number }) => error,
      );
      expect(refused?.code).toBe(3);
    }
    // Another robot is not affected.
    clients.push(await connectRobot(broker.url, 'FLAP-2'));
    const logged = lines.filter((line) => line.msg.includes('connections in a minute'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ clientId: 'FLAP-1', address: expect.stringContaining('127.0.0.1') });
  });

  it('refuses a message beyond the size of its topic, stores nothing of it, and logs refusals at most once an interval', async () => {
    const { logger, lines } = capturingLog();
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log: logger });
    const server = await serverClient(broker, ['upload', 'state']);
    clients.push(server.client);
    const upload = (pad: number) =>
      JSON.stringify({ id: 'u1', ts: 1, kind: 'image', name: 'a.jpg', pad: 'x'.repeat(pad) });

    // A record of a usual size goes through.
    const robot = await connectRobot(broker.url, 'SIZE-1');
    clients.push(robot);
    await robot.publishAsync('patrol/SIZE-1/upload', upload(1000), { qos: 1 });
    await until(() => server.received.length === 1);

    // A 5 MB upload is refused: the robot is disconnected and the server never sees it.
    robot.publish('patrol/SIZE-1/upload', upload(5 * 1024 * 1024), { qos: 1 });
    expect(await closed(robot)).toBe(true);
    // A flood of oversized telemetry from other robots: refused one by one, logged once.
    for (let n = 0; n < 8; n++) {
      const flood = await connectRobot(broker.url, `SIZE-F${n}`);
      clients.push(flood);
      flood.publish(`patrol/SIZE-F${n}/state`, JSON.stringify({ ts: 1, pad: 'x'.repeat(20_000) }), { qos: 0 });
      expect(await closed(flood)).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toEqual([{ topic: 'patrol/SIZE-1/upload', size: upload(1000).length }]);
    const logged = lines.filter((line) => line.msg.includes('refused a message of'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      clientId: 'SIZE-1',
      address: expect.stringContaining('127.0.0.1'),
      topic: 'patrol/SIZE-1/upload',
    });
  });

  it('never lets a refused connection take over the client id of a connected robot', async () => {
    // The verifier accepts the robot's first password only, like a replayed or forged token after it.
    const used = new Set<string>();
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      log,
      verifyRobot: async (_serial, token) => !used.has(token) && used.add(token) !== null,
    });
    const server = await serverClient(broker, ['state']);
    clients.push(server.client);
    const robot = await connectRobot(broker.url, 'OWN-1', { password: 'first' });
    clients.push(robot);
    const intruder = await connectRobot(broker.url, 'OWN-1', { password: 'first' }).catch(
      (error: { code?: number }) => error,
    );
    expect((intruder as { code?: number }).code).toBe(4);
    expect(await closed(robot, 300)).toBe(false);
    await robot.publishAsync('patrol/OWN-1/state', '{"ts":1}', { qos: 0 });
    await until(() => server.received.length === 1);
    expect(broker.connectedRobots()).toBe(1);
  });

  it("never lets a robot take over the server's own client id", async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
    const server = await serverClient(broker, ['state']);
    clients.push(server.client);
    const id = server.client.options.clientId!;
    const intruder = await connectRobot(broker.url, id).catch((error: { code?: number }) => error);
    expect((intruder as { code?: number }).code).toBe(4);
    expect(await closed(server.client, 300)).toBe(false);
    const robot = await connectRobot(broker.url, 'NEXT-1');
    clients.push(robot);
    await robot.publishAsync('patrol/NEXT-1/state', '{"ts":1}', { qos: 0 });
    await until(() => server.received.length === 1);
  });

  it('closes the connections of the robots it is told to (a disabled tenant)', async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
    const off = await connectRobot(broker.url, 'TEN-OFF');
    const on = await connectRobot(broker.url, 'TEN-ON');
    clients.push(off, on);
    broker.disconnectRobots(['TEN-OFF', 'NOT-CONNECTED']);
    expect(await closed(off)).toBe(true);
    expect(on.connected).toBe(true);
    await until(() => broker!.connectedRobots() === 1);
  });
});

describe("the embedded broker hands robots' messages to the server in this process", () => {
  it('in the order published; presence and events from before the server listened first, telemetry of then not; never its own client', async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
    const robot = await connectRobot(broker.url, 'HAND-1', {
      will: { topic: 'patrol/HAND-1/online', payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    clients.push(robot);
    await robot.publishAsync('patrol/HAND-1/online', '{"online":true}', { qos: 1, retain: true });
    await robot.publishAsync('patrol/HAND-1/state', '{"ts":1}', { qos: 0 });
    await robot.publishAsync('patrol/HAND-1/event', '{"id":"e1"}', { qos: 1 });
    // The server's own client publishes to robots; nothing of it comes back as a robot's message.
    const server = await mqtt.connectAsync(broker.url, {
      username: SERVER_MQTT_USERNAME,
      password: broker.serverPassword,
      protocolVersion: 4,
    });
    clients.push(server);
    await server.publishAsync('patrol/HAND-1/cmd', '{"id":"c1"}', { qos: 1 });

    const taken: string[] = [];
    broker.robotMessages((topic, body) => taken.push(`${topic} ${body}`));
    expect(taken).toEqual(['patrol/HAND-1/online {"online":true}', 'patrol/HAND-1/event {"id":"e1"}']);

    for (let ts = 2; ts <= 6; ts++) robot.publish('patrol/HAND-1/state', JSON.stringify({ ts }), { qos: 0 });
    await robot.publishAsync('patrol/HAND-1/upload', '{"id":"u1"}', { qos: 1 });
    await until(() => taken.length === 8);
    expect(taken.slice(2)).toEqual([
      ...[2, 3, 4, 5, 6].map((ts) => `patrol/HAND-1/state {"ts":${ts}}`),
      'patrol/HAND-1/upload {"id":"u1"}',
    ]);
    // Nobody subscribes to robots' topics for it.
    expect(await broker.subscribed('patrol/HAND-1/state')).toBe(false);

    // Cut off, the robot's last will reaches the server the same way.
    broker.disconnectRobots(['HAND-1']);
    await until(() => taken.length === 9);
    expect(taken[8]).toBe('patrol/HAND-1/online {"online":false}');
  });
});

describe('where the embedded broker listens', () => {
  it.skipIf(!otherAddress)(
    'binds to the configured address only (HOST=127.0.0.1 is not reachable from outside)',
    async () => {
      broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', verifyRobot: async () => true, log });
      expect(broker.host).toBe('127.0.0.1');
      expect(await reachable('127.0.0.1', broker.port)).toBe(true);
      expect(await reachable(otherAddress!, broker.port)).toBe(false);
    },
  );

  const openssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // The certificate is made by openssl at the test's start; without openssl there is nothing to serve.
  it.skipIf(!openssl)('speaks MQTT over TLS with the configured certificate and key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patrol-tls-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1']
          .concat(['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'])
          .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      const key = readFileSync(join(dir, 'key.pem'), 'utf8');
      broker = await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        tls: { port: 0, cert, key },
        verifyRobot: async () => true,
        log,
      });
      expect(broker.tlsPort).toBeGreaterThan(0);
      const robot = await connectRobot(`mqtts://127.0.0.1:${broker.tlsPort}`, 'TLS-1', { ca: cert });
      expect(robot.connected).toBe(true);
      await robot.endAsync();
      // The simulator, given the CA (`--ca`), connects over TLS too.
      const sim = new SimRobot({
        serial: 'TLS-SIM',
        privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyVersion: 1,
        brokerUrl: `mqtts://127.0.0.1:${broker.tlsPort}`,
        route: makeRoute(DEFAULT_MAP_CENTER, 0),
        ca: cert,
      });
      await sim.connect();
      expect(sim.connected).toBe(true);
      await sim.disconnect();
      // A client that does not trust the certificate is not let in.
      await expect(
        connectRobot(`mqtts://127.0.0.1:${broker.tlsPort}`, 'TLS-2', {
          rejectUnauthorized: true,
          connectTimeout: 2000,
        }),
      ).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
