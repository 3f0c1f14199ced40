import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { crc32, inflateSync } from 'node:zlib';
import { Aedes } from 'aedes';
import { importPKCS8, SignJWT } from 'jose';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALARM_IMAGE_MAX_BYTES,
  DEFAULT_MAP_CENTER,
  REPLY_CODES,
  ROBOT_MESSAGE_MAX_BYTES,
  robotEvent,
  robotTelemetry,
  type RobotCommandReply,
} from '@patrol/contracts';
import { ALARM_IMAGE_HEIGHT, ALARM_IMAGE_WIDTH, alarmImage } from './alarm-image.js';
import { ACTION_MS, SimRobot, type SimRobotOptions } from './robot.js';
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

  const robot = (serial: string, options: Partial<SimRobotOptions> = {}) =>
    new SimRobot({
      serial,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyVersion: 1,
      brokerUrl: url,
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
      telemetryMs: 100,
      eventChance: 0,
      uploadChance: 0,
      ...options,
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

  it('acknowledges at once and reports the result later; answers a repeated id from memory; refuses an expired command', async () => {
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
    // The same id again (a console re-sending it): the replies it sent, the command not carried out again.
    await command('SIM-T2', { id: 'c1', name: 'lights', args: { on: false }, issuedAt: now, expiresAt: now + 30_000 });
    expect((await repliesTo('c1', 4)).slice(2)).toEqual(first);
    expect(sim.lights).toBe(true);
    expect(sim.repeated).toEqual(['c1']);
    // Again before its first answer: that answer comes once, and the command is carried out once.
    await Promise.all(
      [1, 2].map(() =>
        command('SIM-T2', { id: 'c5', name: 'lights', args: { on: false }, issuedAt: now, expiresAt: now + 30_000 }),
      ),
    );
    expect((await repliesTo('c5', 2)).map((r) => [r.phase, r.code])).toEqual([
      ['sync', REPLY_CODES.ok],
      ['async', REPLY_CODES.ok],
    ]);
    await new Promise((r) => setTimeout(r, ACTION_MS.lights + 200));
    expect(replies.filter((r) => r.id === 'c5')).toHaveLength(2);
    expect(sim.received.filter((c) => c.id === 'c5')).toHaveLength(1);
    expect(sim.lights).toBe(false);
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

  /** Resolves once `check` holds, looking every 20 ms (the test's timeout bounds it). */
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 20));
  };
  const send = (serial: string, id: string, name: string, args: object) => {
    const now = Date.now();
    return command(serial, { id, name, args, issuedAt: now, expiresAt: now + 30_000 });
  };
  const syncCodes = (id: string) => replies.filter((r) => r.id === id).map((r) => [r.phase, r.code]);
  /** One second of patrol, whatever the wall clock did. */
  const second = (sim: SimRobot) => {
    (sim as unknown as { lastTick: number }).lastTick = Date.now() - 1000;
    sim.tick();
  };

  /** Reads a PNG: checks the signature and every chunk's CRC, and inflates the pixel rows. */
  const readPng = (png: Buffer) => {
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      const type = png.toString('ascii', at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(data, crc32(type)) >>> 0);
      chunks.push({ type, data });
      at += 12 + length;
    }
    const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
    return { types: chunks.map((c) => c.type), header: chunks[0]!.data, raw: inflateSync(idat) };
  };

  it('draws its alarm pictures as valid PNGs with the serial and the time on them', () => {
    const at = Date.UTC(2026, 10, 24, 21, 0, 0);
    const png = alarmImage({ serial: 'SIM-0001', at, kind: 'gun' });
    expect(png.length).toBeLessThan(ALARM_IMAGE_MAX_BYTES);
    const { types, header, raw } = readPng(png);
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
    // Width, height, 8 bits, truecolour.
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([
      ALARM_IMAGE_WIDTH,
      ALARM_IMAGE_HEIGHT,
      8,
      2,
    ]);
    const stride = ALARM_IMAGE_WIDTH * 3 + 1;
    expect(raw.length).toBe(stride * ALARM_IMAGE_HEIGHT);
    const pixel = (x: number, y: number) => [...raw.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3)].join();
    // The serial's band: white strokes of text on black.
    const band: string[] = [];
    for (let y = 3; y < 17; y++) for (let x = 4; x < 100; x++) band.push(pixel(x, y));
    expect(band).toContain('255,255,255');
    expect(band).toContain('0,0,0');
    // Another serial and another time change the stamps and nothing else.
    const rows = (from: number, to: number, pixels: Buffer) => pixels.subarray(from * stride, to * stride);
    const other = readPng(alarmImage({ serial: 'SIM-0002', at: at + 61_000, kind: 'gun' })).raw;
    expect(rows(0, 20, other).equals(rows(0, 20, raw))).toBe(false);
    expect(rows(150, 180, other).equals(rows(150, 180, raw))).toBe(false);
    expect(rows(20, 150, other).equals(rows(20, 150, raw))).toBe(true);
  });

  it('raises gun and sentiment alarms that follow the schema, with task, position and picture', async () => {
    const sim = robot('SIM-A1');
    const events: { size: number; body: unknown }[] = [];
    await control.subscribeAsync('patrol/SIM-A1/event', { qos: 1 });
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === 'patrol/SIM-A1/event') events.push({ size: payload.length, body: JSON.parse(payload.toString()) });
    };
    control.on('message', onMessage);
    await sim.connect();
    const gun = sim.raiseAlarm('gun');
    const state = sim.telemetry();
    const sentiment = sim.raiseAlarm('sentiment');
    await until(() => events.length >= 2);
    await sim.disconnect();
    control.off('message', onMessage);
    const [first, next] = events.map((e) => ({ ...e, event: robotEvent.parse(e.body) }));
    expect(first!.event).toEqual(gun);
    expect(next!.event).toEqual(sentiment);
    expect(gun).toMatchObject({ kind: 'gun', code: 'netGunTarget', level: 2, taskId: sim.taskId });
    expect(['crowd', 'intrusion', 'smoke', 'fight']).toContain(sentiment.code);
    expect(sentiment.kind).toBe('sentiment');
    expect(gun.position).toEqual({ lat: state.lat, lng: state.lng });
    expect(sim.pendingGunRequests()).toEqual([gun.id]);
    for (const { size, event } of [first!, next!]) {
      expect(size).toBeLessThanOrEqual(ROBOT_MESSAGE_MAX_BYTES.event);
      const image = Buffer.from(event.image!, 'base64');
      expect(image.length).toBeLessThanOrEqual(ALARM_IMAGE_MAX_BYTES);
      expect(image.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    }
    // Held by a fleet stop, the robot is still on its task; idle, it is not.
    sim.mode = 'idle';
    expect(sim.raiseAlarm('sentiment').taskId).toBeUndefined();
  });

  it('reports faults of its modules that follow the schema, again with a new id until repaired', async () => {
    const sim = robot('SIM-F1');
    const events: unknown[] = [];
    await control.subscribeAsync('patrol/SIM-F1/event', { qos: 1 });
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === 'patrol/SIM-F1/event') events.push(JSON.parse(payload.toString()));
    };
    control.on('message', onMessage);
    await sim.connect();
    const first = sim.reportFault('lidar');
    const again = sim.reportFault('lidar');
    const other = sim.reportFault();
    await until(() => events.length >= 3);
    await sim.disconnect();
    control.off('message', onMessage);
    const parsed = events.map((e) => robotEvent.parse(e));
    expect(parsed).toEqual([first, again, other]);
    expect(first).toMatchObject({ kind: 'fault', module: 'lidar', code: 'E-LD-203', level: 1 });
    // The same fault reported again: same module and code, another message id.
    expect(again).toMatchObject({ kind: 'fault', module: 'lidar', code: first.code });
    expect(again.id).not.toBe(first.id);
    expect(sim.modulesAtFault).toContain('lidar');
    expect(sim.modulesAtFault).toContain(other.module);
    expect(sim.clearFault('lidar')).toBe(true);
    expect(sim.modulesAtFault).not.toContain('lidar');
    // A fault event without its module is not one the console accepts.
    expect(robotEvent.safeParse({ ...first, module: undefined }).success).toBe(false);
  });

  describe('fire authorisations', { timeout: 20_000 }, () => {
    const consoleKeys = generateKeyPairSync('ed25519');
    const consoleKey = consoleKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signingKey = importPKCS8(consoleKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'EdDSA');
    const strangerKey = importPKCS8(
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'EdDSA',
    );
    /** What the console signs when an operator allows the shot. */
    const authorize = async (
      claims: { sub: string; alarm: string; jti?: string; iat?: number; exp?: number },
      key = signingKey,
    ) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ alarm: claims.alarm, op: 7, opName: 'Duty Officer' })
        .setProtectedHeader({ alg: 'EdDSA' })
        .setJti(claims.jti ?? randomUUID())
        .setSubject(claims.sub)
        .setIssuedAt(claims.iat ?? now)
        .setExpirationTime(claims.exp ?? now + 15)
        .sign(await key);
    };
    /** A connected robot that got the console's key on its retained config topic, as the console pushes it. */
    const armed = async (serial: string) => {
      await control.publishAsync(
        `patrol/${serial}/config`,
        JSON.stringify({ ts: Date.now(), consoleKey, multicast: null }),
        { qos: 1, retain: true },
      );
      const sim = robot(serial);
      await sim.connect();
      await until(() => sim.config?.consoleKey === consoleKey);
      return sim;
    };
    const allow = (serial: string, id: string, eventId: string, authorization: string) =>
      send(serial, id, 'gunDecision', { eventId, allow: true, authorization });

    it('fires exactly once on a valid authorisation, however often it is replayed', async () => {
      const sim = await armed('SIM-F1');
      const alarm = sim.raiseAlarm('gun');
      const token = await authorize({ sub: 'SIM-F1', alarm: alarm.id });
      // The authorisation and 1,000 replays of it under new command ids, all at once.
      const ids = Array.from({ length: 1001 }, (_, i) => `f1-${i}`);
      await Promise.all(ids.map((id) => allow('SIM-F1', id, alarm.id, token)));
      await until(() => ids.every((id) => replies.some((r) => r.id === id && r.phase === 'sync')));
      const syncs = ids.map((id) => replies.find((r) => r.id === id && r.phase === 'sync')!);
      const accepted = syncs.filter((r) => r.code === REPLY_CODES.ok);
      expect(accepted).toHaveLength(1);
      const refused = syncs.filter((r) => r.code !== REPLY_CODES.ok);
      expect(refused).toHaveLength(1000);
      for (const r of refused)
        expect(r).toMatchObject({ code: REPLY_CODES.duplicate, message: 'authorisation used before' });
      const [fired] = await repliesTo(accepted[0]!.id, 2).then((r) => r.filter((x) => x.phase === 'async'));
      expect(fired).toMatchObject({ code: REPLY_CODES.ok, message: 'fired' });
      const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
      expect(sim.fires).toBe(1);
      expect(sim.fireLog).toEqual([{ jti, eventId: alarm.id, at: expect.any(Number) }]);
      // Later replays: under a new id it is refused; under an id already used, the robot says again
      // what it answered then, and fires nothing.
      await allow('SIM-F1', 'f1-late', alarm.id, token);
      expect(await repliesTo('f1-late', 1)).toMatchObject([{ phase: 'sync', code: REPLY_CODES.duplicate }]);
      const before = replies.filter((r) => r.id === ids[0]);
      await allow('SIM-F1', ids[0]!, alarm.id, token);
      expect((await repliesTo(ids[0]!, before.length * 2)).slice(before.length)).toEqual(before);
      await new Promise((r) => setTimeout(r, ACTION_MS.gunDecision + 200));
      expect(sim.fires).toBe(1);
      // The refused ones got no async reply.
      const results = replies.filter((r) => r.phase === 'async' && r.id.startsWith('f1-'));
      expect(new Set(results.map((r) => r.id))).toEqual(new Set([accepted[0]!.id]));
      expect(sim.pendingGunRequests()).toEqual([]);
      await sim.disconnect();
    });

    it('fires once per gun request: a second valid authorisation for it is refused', async () => {
      const sim = await armed('SIM-F2');
      const alarm = sim.raiseAlarm('gun');
      await allow('SIM-F2', 'f2-a', alarm.id, await authorize({ sub: 'SIM-F2', alarm: alarm.id }));
      expect(await repliesTo('f2-a', 2)).toMatchObject([
        { phase: 'sync', code: REPLY_CODES.ok },
        { phase: 'async', code: REPLY_CODES.ok },
      ]);
      await allow('SIM-F2', 'f2-b', alarm.id, await authorize({ sub: 'SIM-F2', alarm: alarm.id }));
      expect(await repliesTo('f2-b', 1)).toMatchObject([
        { phase: 'sync', code: REPLY_CODES.duplicate, message: 'already fired for this gun request' },
      ]);
      await new Promise((r) => setTimeout(r, ACTION_MS.gunDecision + 200));
      expect(sim.fires).toBe(1);
      expect(syncCodes('f2-b')).toHaveLength(1);
      await sim.disconnect();
    });

    it('refuses an expired, a tampered, a foreign, a misdirected and an unknown authorisation', async () => {
      const sim = await armed('SIM-F3');
      const alarm = sim.raiseAlarm('gun');
      const now = Math.floor(Date.now() / 1000);
      const valid = await authorize({ sub: 'SIM-F3', alarm: alarm.id });
      const [header, payload, signature] = valid.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const tampered = [
        header,
        Buffer.from(JSON.stringify({ ...claims, exp: now + 3600 })).toString('base64url'),
        signature,
      ].join('.');
      const other = sim.raiseAlarm('sentiment');
      const cases = [
        [
          'expired',
          await authorize({ sub: 'SIM-F3', alarm: alarm.id, iat: now - 60, exp: now - 30 }),
          REPLY_CODES.expired,
          'authorisation expired',
        ],
        ['tampered', tampered, REPLY_CODES.unauthorized, "signature does not verify with the console's key"],
        [
          'stranger',
          await authorize({ sub: 'SIM-F3', alarm: alarm.id }, strangerKey),
          REPLY_CODES.unauthorized,
          "signature does not verify with the console's key",
        ],
        [
          'other-robot',
          await authorize({ sub: 'SIM-F4', alarm: alarm.id }),
          REPLY_CODES.unauthorized,
          'authorisation for another robot',
        ],
        ['garbage', 'not.a.jws', REPLY_CODES.unauthorized, "signature does not verify with the console's key"],
      ] as const;
      for (const [name, token, code, message] of cases) {
        await allow('SIM-F3', `f3-${name}`, alarm.id, token);
        expect(await repliesTo(`f3-${name}`, 1), name).toMatchObject([{ phase: 'sync', code, message }]);
      }
      // An event the robot never raised, and one it raised that is not a gun request.
      const unknown = randomUUID();
      await allow('SIM-F3', 'f3-unknown', unknown, await authorize({ sub: 'SIM-F3', alarm: unknown }));
      expect(await repliesTo('f3-unknown', 1)).toMatchObject([
        { code: REPLY_CODES.unauthorized, message: 'no gun request with this id' },
      ]);
      await allow('SIM-F3', 'f3-sentiment', other.id, await authorize({ sub: 'SIM-F3', alarm: other.id }));
      expect(await repliesTo('f3-sentiment', 1)).toMatchObject([{ code: REPLY_CODES.unauthorized }]);
      // An authorisation for one event sent as the decision on another.
      await allow('SIM-F3', 'f3-swapped', other.id, valid);
      expect(await repliesTo('f3-swapped', 1)).toMatchObject([
        { code: REPLY_CODES.unauthorized, message: 'authorisation for another event' },
      ]);
      await new Promise((r) => setTimeout(r, ACTION_MS.gunDecision + 200));
      expect(sim.fires).toBe(0);
      for (const id of ['expired', 'tampered', 'stranger', 'other-robot', 'garbage', 'unknown', 'swapped']) {
        expect(syncCodes(`f3-${id}`)).toHaveLength(1);
      }
      // The request still waits: the genuine authorisation fires.
      await allow('SIM-F3', 'f3-valid', alarm.id, valid);
      expect(await repliesTo('f3-valid', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
      expect(sim.fires).toBe(1);
      // Within the console's allowed clock skew, one just past its expiry still counts.
      const late = sim.raiseAlarm('gun');
      const then = Math.floor(Date.now() / 1000);
      const skewed = await authorize({ sub: 'SIM-F3', alarm: late.id, iat: then - 17, exp: then - 2 });
      await allow('SIM-F3', 'f3-skew', late.id, skewed);
      expect(await repliesTo('f3-skew', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
      expect(sim.fires).toBe(2);
      await sim.disconnect();
    });

    it('closes the request on "no", and refuses to fire without the console key', async () => {
      const sim = await armed('SIM-F5');
      const alarm = sim.raiseAlarm('gun');
      await send('SIM-F5', 'f5-no', 'gunDecision', { eventId: alarm.id, allow: false });
      expect(await repliesTo('f5-no', 2)).toMatchObject([
        { phase: 'sync', code: REPLY_CODES.ok },
        { phase: 'async', code: REPLY_CODES.ok, message: 'request closed' },
      ]);
      await allow('SIM-F5', 'f5-late', alarm.id, await authorize({ sub: 'SIM-F5', alarm: alarm.id }));
      expect(await repliesTo('f5-late', 1)).toMatchObject([{ code: REPLY_CODES.unauthorized }]);
      await sim.disconnect();

      const bare = robot('SIM-F6');
      await bare.connect();
      const request = bare.raiseAlarm('gun');
      await allow('SIM-F6', 'f6', request.id, await authorize({ sub: 'SIM-F6', alarm: request.id }));
      expect(await repliesTo('f6', 1)).toMatchObject([
        { code: REPLY_CODES.unauthorized, message: 'no console key to check the authorisation' },
      ]);
      await send('SIM-F6', 'f6-none', 'gunDecision', { eventId: request.id, allow: true });
      expect(await repliesTo('f6-none', 1)).toMatchObject([{ code: REPLY_CODES.unauthorized }]);
      expect(bare.fires + sim.fires).toBe(0);
      await bare.disconnect();
    });
  });

  it('records sentiment results, tracks a target and sounds the siren for a while', async () => {
    const sim = robot('SIM-S1', { trackMs: 300, sirenMs: 300 });
    await sim.connect();
    const alarm = sim.raiseAlarm('sentiment');
    await send('SIM-S1', 's1', 'sentimentDecision', { eventId: alarm.id, ret: 4 });
    expect(await repliesTo('s1', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
    expect(sim.lastSentiment).toEqual({ eventId: alarm.id, ret: 4 });
    await send('SIM-S1', 's2', 'trackTarget', { eventId: alarm.id });
    await send('SIM-S1', 's3', 'siren', {});
    await until(() => sim.tracking === alarm.id && sim.sirenOn);
    expect(sim.mode).toBe('patrolling');
    expect(await repliesTo('s2', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
    expect(await repliesTo('s3', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
    expect(sim.tracking).toBeNull();
    expect(sim.sirenOn).toBe(false);
    await sim.disconnect();
  });

  it(
    'holds still under a fleet stop, refuses to move, keeps it across reconnects, and resumes',
    { timeout: 15_000 },
    async () => {
      const sim = robot('SIM-X1');
      await sim.connect();
      await send('SIM-X1', 'x1', 'fleetStop', {});
      expect(await repliesTo('x1', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
      expect(sim.mode).toBe('stopped');
      const before = sim.telemetry();
      for (let i = 0; i < 3; i++) second(sim);
      const after = sim.telemetry();
      expect([after.mode, after.speed, after.lat, after.lng]).toEqual(['stopped', 0, before.lat, before.lng]);
      for (const [id, name] of [
        ['x2', 'resumeTask'],
        ['x3', 'returnToBase'],
        ['x4', 'pauseTask'],
      ] as const) {
        await send('SIM-X1', id, name, {});
        expect(await repliesTo(id, 1)).toMatchObject([{ code: REPLY_CODES.rejected, message: 'fleet stop in force' }]);
      }
      // What does not move is still obeyed.
      await send('SIM-X1', 'x5', 'lights', { on: true });
      expect(await repliesTo('x5', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
      // The robot's own reconnect keeps the stop; the console's repeat of it changes nothing.
      await sim.disconnect({ silent: true });
      await sim.connect();
      expect(sim.mode).toBe('stopped');
      await send('SIM-X1', 'x6', 'fleetStop', {});
      expect(await repliesTo('x6', 2)).toMatchObject([
        { code: REPLY_CODES.ok },
        { code: REPLY_CODES.ok, message: 'already stopped' },
      ]);
      await send('SIM-X1', 'x7', 'fleetResume', {});
      expect(await repliesTo('x7', 2)).toMatchObject([{ code: REPLY_CODES.ok }, { code: REPLY_CODES.ok }]);
      expect(sim.mode).toBe('patrolling');
      second(sim);
      expect(sim.telemetry().speed).toBeGreaterThan(0);
      await send('SIM-X1', 'x8', 'fleetResume', {});
      expect(await repliesTo('x8', 1)).toMatchObject([{ code: REPLY_CODES.rejected, message: 'not stopped' }]);
      // A paused robot is paused again after the stop.
      sim.mode = 'paused';
      await send('SIM-X1', 'x9', 'fleetStop', {});
      await repliesTo('x9', 2);
      await send('SIM-X1', 'x10', 'fleetResume', {});
      await repliesTo('x10', 2);
      expect(sim.mode).toBe('paused');
      await sim.disconnect();
    },
  );
});
