import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER, REPLY_CODES, robotTelemetry, type RobotCommandReply } from '@patrol/contracts';
import { SimRobot } from './robot.js';
import { advance, makeRoute } from './route.js';

/** A bare broker standing in for the console's, and a client that plays the server. */
describe('simulated robot', () => {
  let broker: Aedes;
  let server: Server;
  let url: string;
  let control: mqtt.MqttClient;
  const replies: RobotCommandReply[] = [];
  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    control = await mqtt.connectAsync(url, { clientId: 'control' });
    await control.subscribeAsync('patrol/+/cmd/reply', { qos: 1 });
    control.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString()) as RobotCommandReply));
  });
  afterAll(async () => {
    await control.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const robot = (serial: string) =>
    new SimRobot({
      serial,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyVersion: 1,
      brokerUrl: url,
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
      telemetryMs: 100,
      eventChance: 0,
      uploadChance: 0,
    });
  const command = (serial: string, body: object) =>
    control.publishAsync(`patrol/${serial}/cmd`, JSON.stringify(body), { qos: 1 });
  /** Resolves as soon as `count` replies to command `id` have arrived (the test's timeout bounds it). */
  const repliesTo = (id: string, count: number) =>
    new Promise<RobotCommandReply[]>((resolve) => {
      const check = () => {
        const got = replies.filter((r) => r.id === id);
        if (got.length < count) return;
        control.off('message', check);
        resolve(got);
      };
      // Registered after the collector above, so the reply is already in the list when this runs.
      control.on('message', check);
      check();
    });

  it('reports telemetry that follows the protocol schema, along its route', async () => {
    const sim = robot('SIM-T1');
    const states: unknown[] = [];
    await control.subscribeAsync('patrol/SIM-T1/state');
    let threeStates = () => {};
    const three = new Promise<void>((resolve) => (threeStates = resolve));
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === 'patrol/SIM-T1/state') states.push(JSON.parse(payload.toString()));
      if (states.length >= 3) threeStates();
    };
    control.on('message', onMessage);
    await sim.connect();
    await three;
    await sim.disconnect();
    control.off('message', onMessage);
    expect(states.length).toBeGreaterThanOrEqual(3);
    for (const state of states) expect(robotTelemetry.safeParse(state).success).toBe(true);
  });

  it('acknowledges at once and reports the result later; refuses a repeated id and an expired command', async () => {
    const sim = robot('SIM-T2');
    await sim.connect();
    const now = Date.now();
    await command('SIM-T2', { id: 'c1', name: 'lights', args: { on: true }, issuedAt: now, expiresAt: now + 30_000 });
    const first = await repliesTo('c1', 2);
    expect(first.map((r) => [r.phase, r.code])).toEqual([
      ['sync', REPLY_CODES.ok],
      ['async', REPLY_CODES.ok],
    ]);
    expect(sim.lights).toBe(true);
    await command('SIM-T2', { id: 'c1', name: 'lights', args: { on: false }, issuedAt: now, expiresAt: now + 30_000 });
    expect((await repliesTo('c1', 3))[2]).toMatchObject({ phase: 'sync', code: REPLY_CODES.duplicate });
    expect(sim.lights).toBe(true);
    await command('SIM-T2', { id: 'c2', name: 'powerOn', args: {}, issuedAt: now - 60_000, expiresAt: now - 30_000 });
    expect(await repliesTo('c2', 1)).toMatchObject([{ phase: 'sync', code: REPLY_CODES.expired }]);
    await command('SIM-T2', { id: 'c3', name: 'selfDestruct', args: {}, issuedAt: now, expiresAt: now + 30_000 });
    expect(await repliesTo('c3', 1)).toMatchObject([{ phase: 'sync', code: REPLY_CODES.invalid }]);
    await command('SIM-T2', { id: 'c4', name: 'resumeTask', args: {}, issuedAt: now, expiresAt: now + 30_000 });
    expect(await repliesTo('c4', 1)).toMatchObject([{ phase: 'sync', code: REPLY_CODES.rejected }]);
    await sim.disconnect();
  });

  it('drains its battery on patrol, goes home to charge below 20 % and patrols again when full', () => {
    const sim = robot('SIM-T3');
    const second = () => {
      (sim as unknown as { lastTick: number }).lastTick = Date.now() - 1000;
      sim.tick();
    };
    sim.battery = 20.1;
    second();
    expect(sim.battery).toBeLessThan(20.1);
    for (let i = 0; i < 5; i++) second();
    expect(['returning', 'charging']).toContain(sim.mode);
    sim.mode = 'charging';
    sim.battery = 90;
    second();
    expect(sim.battery).toBeGreaterThan(90);
    expect(sim.telemetry().charging).toBe(true);
    sim.battery = 94.8;
    second();
    expect(sim.mode).toBe('patrolling');
  });

  it('walks its loop and reaches the base when sent home', () => {
    const route = makeRoute(DEFAULT_MAP_CENTER, 3);
    let step = advance(route, 0, route.points[0]!, 30);
    expect(step.arrived).toBe(false);
    step = advance(route, step.leg, step.position, 500, 0);
    expect(step.arrived).toBe(true);
    expect(step.position).toEqual(route.points[0]);
  });
});
