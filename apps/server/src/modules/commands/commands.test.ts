import type { CommandRecord, CommandReplyRow, RobotLive, SocketServerMessage } from '@patrol/contracts';
import { ROBOT_PUSH_MIN_INTERVAL_MS } from '@patrol/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';

const LIVE = '/api/robot-server/monitor/live';
const SEND = '/api/robot-server/cmd/send';
const GRANTS = [
  'POST /api/robot-server/robot/create',
  `GET ${LIVE}`,
  `POST ${SEND}`,
  'GET /api/robot-server/cmd/page',
  'GET /api/robot-server/cmd/reply/page',
  'GET /api/robot-server/upload/page',
];

/** The machine's broker (CI: Mosquitto on 127.0.0.1:1883) when TEST_MQTT_URL is set. */
const external = process.env.TEST_MQTT_URL?.trim();
const BROKERS: ['embedded' | 'external', string | undefined][] = [
  ['embedded', undefined],
  ...(external ? [['external', external] as ['external', string]] : []),
];

describe.each(BROKERS)('robots on the %s broker', (_kind, mqttUrl) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let tenantId: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(mqttUrl ? { mqttUrl } : {});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    tenantId = (await makeTenant(t)).id;
    const user = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    userId = user.id;
    token = await login(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: as(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as T;
  };
  const send = (payload: unknown, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: SEND, headers: as(token, { lang }), payload: payload as object });
  const liveOf = async (robotId: number) => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robotId);
  const recordOf = async (commandId: string) =>
    (await get<{ rows: CommandRecord[] }>(`/api/robot-server/cmd/page?keyword=${commandId}`)).rows[0];
  const watch = async (): Promise<TestSocket> => {
    const socket = await openSocket(`${base}${userId}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect(await socket.next()).toEqual({ type: 'ready', userId });
    socket.send({ type: 'subscribe', topic: 'robots' });
    return socket;
  };

  it('streams telemetry to the live list and to watching consoles, at most 20 pushes a second, and shows a lost robot offline where it was', async () => {
    const robot = await registerRobot(t, token);
    const socket = await watch();
    const snapshot = await socket.next();
    expect(snapshot.type).toBe('robots');
    const sim = simRobot(t, robot, { telemetryMs: 50 });
    const others = [simRobot(t, await registerRobot(t, token), { telemetryMs: 50 })];
    others.push(simRobot(t, await registerRobot(t, token), { telemetryMs: 50 }));
    await Promise.all([sim, ...others].map((r) => r.connect()));
    const seen: SocketServerMessage[] = [];
    const started = Date.now();
    while (Date.now() - started < 2000) seen.push(await socket.next(3000));
    const elapsed = Date.now() - started;
    await Promise.all(others.map((r) => r.disconnect({ silent: true })));
    const updates = seen.flatMap((m) => (m.type === 'robots' ? m.data.filter((r) => r.robotId === robot.robotId) : []));
    // About 120 telemetry messages in 2 s (three robots at 20 Hz) reach the console as at most one push per
    // interval over the time actually watched, plus a few already queued in the socket when watching began
    // (the robots' connections); unpaced, it would be one push per message, about three times as many.
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((m) => m.type === 'robots').length).toBeLessThanOrEqual(
      Math.floor(elapsed / ROBOT_PUSH_MIN_INTERVAL_MS) + 5,
    );
    const last = updates.at(-1)!;
    expect(last.online).toBe(true);
    expect(last.state).toMatchObject({ versions: { firmware: expect.any(String) }, warning: { level: 0 } });
    expect(Math.abs(last.state!.lat - 22.54)).toBeLessThan(0.05);

    const live = await liveOf(robot.robotId);
    expect(live?.online).toBe(true);
    await sim.disconnect({ silent: true });
    const gone = await until(
      async () => {
        const r = await liveOf(robot.robotId);
        return r && !r.online ? r : undefined;
      },
      10_000,
      'the last will',
    );
    expect(gone.state?.lat).toBeCloseTo(last.state!.lat, 2);
    socket.ws.close();
  });

  it('sends a command once, follows its sync and async replies, and records both', async () => {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot, { speed: 400 });
    await sim.connect();
    try {
      await until(async () => (await liveOf(robot.robotId))?.online, 8000, 'online');
      const res = await send({ robotId: robot.robotId, command: { name: 'lights', args: { on: true } } });
      expect(res.statusCode).toBe(200);
      const sent = res.json().data as CommandRecord;
      expect(sent).toMatchObject({ status: 'sent', name: 'lights', topic: `patrol/${robot.serial}/cmd` });
      const done = await until(async () => {
        const r = await recordOf(sent.commandId);
        return r?.status === 'done' ? r : undefined;
      });
      expect(done).toMatchObject({ syncCode: 0, asyncCode: 0 });
      expect(sim.lights).toBe(true);
      expect(sim.received.filter((c) => c.id === sent.commandId)).toHaveLength(1);
      const replies = await get<{ rows: CommandReplyRow[] }>(
        `/api/robot-server/cmd/reply/page?keyword=${sent.commandId}`,
      );
      expect(replies.rows.map((r) => [r.phase, r.code, r.commandName]).sort()).toEqual([
        ['async', 0, 'lights'],
        ['sync', 0, 'lights'],
      ]);

      const home = (await send({ robotId: robot.robotId, command: { name: 'returnToBase' } })).json().data;
      const arrived = await until(
        async () => {
          const r = await recordOf(home.commandId);
          return r?.status === 'done' ? r : undefined;
        },
        10_000,
        'arrival at the base',
      );
      expect(arrived.asyncCode).toBe(0);
    } finally {
      await sim.disconnect();
    }
  });

  it('fires the net gun only when confirmed, and records what the robot uploaded', async () => {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      await until(async () => (await liveOf(robot.robotId))?.online, 8000, 'online');
      const unconfirmed = await send({
        robotId: robot.robotId,
        command: { name: 'netGunFire', args: { side: 'leftFront' } },
      });
      expect(unconfirmed.statusCode).toBe(422);
      expect(unconfirmed.json().errors).toEqual([
        { path: 'confirm', message: 'This command must be confirmed before it is sent' },
      ]);
      const badSide = await send({
        robotId: robot.robotId,
        command: { name: 'netGunFire', args: { side: 'up' } },
        confirm: true,
      });
      expect(badSide.statusCode).toBe(422);
      const fired = await send({
        robotId: robot.robotId,
        command: { name: 'netGunFire', args: { side: 'rightRear' } },
        confirm: true,
      });
      expect(fired.statusCode).toBe(200);
      const id = fired.json().data.commandId as string;
      await until(async () => (await recordOf(id))?.status === 'done', 8000, 'net gun done');
      expect(sim.received.map((c) => c.name)).toEqual(['netGunFire']);
      const uploads = await until(async () => {
        const page = await get<{ rows: { data: { commandId?: string } | null; kind: string }[] }>(
          `/api/robot-server/upload/page?keyword=${robot.serial}`,
        );
        return page.rows.find((r) => r.data?.commandId === id);
      });
      expect(uploads.kind).toBe('image');
    } finally {
      await sim.disconnect();
    }
  });

  it('refuses a command to an offline robot with a localised message and records nothing', async () => {
    const robot = await registerRobot(t, token);
    const res = await send({ robotId: robot.robotId, command: { name: 'powerOn' } }, 'zh-CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('机器人离线，无法下发指令');
    const page = await get<{ total: number }>(`/api/robot-server/cmd/page?robotId=${robot.robotId}`);
    expect(page.total).toBe(0);
  });

  it('drops telemetry that breaks the schema', async () => {
    const robot = await registerRobot(t, token);
    // One connection as the robot (a second one with its client id would take the first one over,
    // and the robot's reconnect would take it back).
    const client = mqtt.connect(t.app.robotBrokerUrl()!, {
      clientId: `${robot.serial}`,
      username: robot.serial,
      password: await simRobot(t, robot).token(),
      reconnectPeriod: 0,
    });
    const topic = (kind: string) => `patrol/${robot.serial}/${kind}`;
    try {
      await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
      await client.publishAsync(topic('online'), JSON.stringify({ online: true }), { qos: 1 });
      await until(async () => (await liveOf(robot.robotId))?.online, 8000, 'online');
      await client.publishAsync(topic('state'), JSON.stringify({ ts: Date.now(), lat: 999, lng: 1 }));
      await client.publishAsync(topic('state'), 'not json');
      // Sentinel: a presence message after them applies in order, carrying whatever state was taken before.
      await client.publishAsync(topic('online'), JSON.stringify({ online: false }), { qos: 1 });
      const after = await until(async () => {
        const r = await liveOf(robot.robotId);
        return r && !r.online ? r : undefined;
      });
      expect(after.state).toBeNull();
    } finally {
      await client.endAsync();
    }
  });

  it("refuses the live topic to a console without the grant and to another tenant's", async () => {
    const other = await makeTenant(t);
    const plain = await makeUser(t, tenantId);
    const plainToken = await login(t.app, plain.account, plain.password);
    const socket = await openSocket(`${base}${plain.id}`);
    socket.send({ type: 'auth', token: plainToken });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'robots' });
    expect(await socket.next()).toEqual({ type: 'refused', topic: 'robots' });
    socket.ws.close();
    const granted = await watch();
    expect((await granted.next()).type).toBe('robots');
    granted.send({ type: 'subscribe', topic: 'robots', tenantId: other.id });
    // Live pushes of its own tenant's robots may still arrive before the answer.
    let answer = await granted.next();
    while (answer.type === 'robots') answer = await granted.next();
    expect(answer).toEqual({ type: 'refused', topic: 'robots' });
    granted.ws.close();
  });
});
