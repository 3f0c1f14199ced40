import {
  robotTopic,
  TENANT_ADMIN_ROLE_CODE,
  type AnnouncementRow,
  type IceServer,
  type RobotAudioState,
  type RobotVoiceReply,
  type RobotVoiceRequest,
  type SocketServerMessage,
  type VoiceHolder,
  type VoiceSession,
  type VoiceSignal,
} from '@patrol/contracts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { createRedisBus } from '../../platform/redis-bus.js';
import { voiceSessions } from './voice.tables.js';

const START = '/api/voice/intercom/start';
const END = '/api/voice/intercom/end';
const HOLDER = '/api/voice/intercom/holder';
const ANNOUNCEMENTS = '/api/voice/announcements';
const GRANTS = [
  'POST /api/robot-server/robot/create',
  `POST ${START}`,
  `POST ${END}`,
  `GET ${HOLDER}`,
  `GET ${ANNOUNCEMENTS}`,
];
const ICE: IceServer[] = [
  { urls: 'stun:stun.example.net:3478' },
  { urls: ['turn:turn.example.net:3478?transport=udp'], username: 'patrol', credential: 'secret' },
];
const SDP =
  'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 8\r\na=rtpmap:8 PCMA/8000\r\n';
const ANSWER_SDP = SDP.replace('o=- 1 1', 'o=- 2 2');

/** A robot's telemetry, with its audio. */
const telemetry = (audio: RobotAudioState) => ({
  ts: Date.now(),
  lat: 22.54,
  lng: 114.05,
  altitude: 10,
  speed: 0,
  acceleration: 0,
  direction: 0,
  battery: 80,
  charging: false,
  temperatures: { ambient: 20, body: 30, battery: 25 },
  humidity: 50,
  windSpeed: 1,
  windDirection: 0,
  network: { up: 100, down: 100 },
  versions: { firmware: '1.0.0', modules: {} },
  warning: { level: 0, color: null },
  mode: 'idle',
  lights: false,
  audio,
});
const audio = (state: RobotAudioState['state']): RobotAudioState => ({
  volume: 50,
  muted: false,
  mode: 'sequence',
  state,
  playlist: [1],
  current: state === 'idle' ? null : { fileId: 1, name: 'Notice', positionMs: 1000, durationMs: 60_000 },
  announcing: false,
});

/** A robot's reply without its time (added when it is sent). */
type ReplyOf<R> = R extends unknown ? Omit<R, 'ts'> : never;

/** A robot on the broker as a real MQTT client: it hears its voice and command topics and answers on voice/reply. */
type FakeRobot = {
  reg: RegisteredRobot;
  client: MqttClient;
  voice: RobotVoiceRequest[];
  commands: { name: string; id: string }[];
  reply(message: ReplyOf<RobotVoiceReply>): Promise<void>;
  state(audio: RobotAudioState): Promise<void>;
  /** The next voice request (waits). */
  nextVoice(type?: RobotVoiceRequest['type']): Promise<RobotVoiceRequest>;
  offline(): Promise<void>;
};

describe('live announcements', () => {
  let t: TestApp;
  let base: string;
  let tenantId: number;
  type Operator = { id: number; token: string; name: string };
  let alice: Operator;
  let bob: Operator;

  beforeAll(async () => {
    t = await createTestApp({
      env: { VOICE_ICE_SERVERS: JSON.stringify(ICE), VOICE_ANSWER_TIMEOUT_MS: '1500' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    tenantId = (await makeTenant(t)).id;
    const operator = async (): Promise<Operator> => {
      const user = await makeUser(t, tenantId, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants: GRANTS });
      return { id: user.id, token: await login(t.app, user.account, user.password), name: `User ${user.account}` };
    };
    alice = await operator();
    bob = await operator();
  });
  afterAll(() => t.close());

  const post = (who: Operator, url: string, payload: object, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url, headers: as(who.token, { lang }), payload });
  const get = (who: Operator, url: string) => t.app.inject({ method: 'GET', url, headers: as(who.token) });
  const start = async (who: Operator, robot: FakeRobot, extra: object = {}) => {
    const res = await post(who, START, { robotId: robot.reg.robotId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as VoiceSession;
  };

  const connectRobot = async (): Promise<FakeRobot> => {
    const reg = await registerRobot(t, alice.token);
    const sim = simRobot(t, reg);
    const client = await mqtt.connectAsync(t.app.robotBrokerUrl(), {
      clientId: reg.serial,
      username: reg.serial,
      password: await sim.token(),
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      will: { topic: robotTopic(reg.serial, 'online'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    const voice: RobotVoiceRequest[] = [];
    const commands: { name: string; id: string }[] = [];
    const waiters: (() => void)[] = [];
    client.on('message', (topic, payload) => {
      const body = JSON.parse(payload.toString()) as never;
      if (topic === robotTopic(reg.serial, 'voice')) voice.push(body);
      else commands.push(body);
      for (const w of waiters.splice(0)) w();
    });
    await client.subscribeAsync([robotTopic(reg.serial, 'voice'), robotTopic(reg.serial, 'cmd')], { qos: 1 });
    await client.publishAsync(robotTopic(reg.serial, 'online'), JSON.stringify({ online: true, ts: Date.now() }), {
      qos: 1,
      retain: true,
    });
    await until(() => t.app.monitoring.robotIn(tenantId, reg.robotId)?.online, 8000, 'the robot online');
    let read = 0;
    return {
      reg,
      client,
      voice,
      commands,
      reply: async (message) => {
        await client.publishAsync(
          robotTopic(reg.serial, 'voice/reply'),
          JSON.stringify({ ...message, ts: Date.now() }),
          { qos: 1 },
        );
      },
      state: async (value) => {
        await client.publishAsync(robotTopic(reg.serial, 'state'), JSON.stringify(telemetry(value)), { qos: 1 });
        await until(
          () => t.app.monitoring.robotIn(tenantId, reg.robotId)?.state?.audio?.state === value.state,
          5000,
          'the audio state',
        );
      },
      nextVoice: async (type) => {
        const deadline = Date.now() + 5000;
        for (;;) {
          while (read < voice.length) {
            const message = voice[read++]!;
            if (!type || message.type === type) return message;
          }
          if (Date.now() > deadline) throw new Error(`no ${type ?? 'voice'} message on the robot's topic`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 100);
          });
        }
      },
      offline: async () => {
        client.stream.destroy();
        await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
      },
    };
  };

  const console_ = async (who: Operator, lang = 'en-US'): Promise<TestSocket> => {
    const socket = await openSocket(`${base}${who.id}`);
    socket.send({ type: 'auth', token: who.token, lang });
    expect(await socket.next()).toEqual({ type: 'ready', userId: who.id });
    return socket;
  };
  /** The next `voice` message on a console socket. */
  const nextSignal = async (socket: TestSocket, ms = 5000): Promise<VoiceSignal> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const message: SocketServerMessage = await socket.next(Math.max(1, deadline - Date.now()));
      if (message.type === 'voice') return message.data;
    }
  };
  const sessionRow = async (sessionId: string) =>
    (await t.db.select().from(voiceSessions).where(eq(voiceSessions.id, sessionId)))[0]!;
  const holderOf = async (who: Operator, robot: FakeRobot) => {
    const res = await get(who, `${HOLDER}?robotId=${robot.reg.robotId}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as VoiceHolder).holder;
  };

  it('relays the offer to the robot with the configured ICE servers, and its answer, connection and levels to the console; ending frees the robot', async () => {
    const robot = await connectRobot();
    const socket = await console_(alice);
    const session = await start(alice, robot);
    expect(session).toMatchObject({
      robotId: robot.reg.robotId,
      serialNumber: robot.reg.serial,
      iceServers: ICE,
    });
    expect(await holderOf(bob, robot)).toMatchObject({ userId: alice.id, name: alice.name });

    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    const offer = await robot.nextVoice('offer');
    expect(offer).toMatchObject({
      type: 'offer',
      sessionId: session.sessionId,
      sdp: SDP,
      iceServers: ICE,
      operatorName: alice.name,
    });

    await robot.reply({ type: 'answer', sessionId: session.sessionId, sdp: ANSWER_SDP });
    expect(await nextSignal(socket)).toEqual({ sessionId: session.sessionId, event: 'answer', sdp: ANSWER_SDP });
    await robot.reply({ type: 'connected', sessionId: session.sessionId });
    expect(await nextSignal(socket)).toEqual({ sessionId: session.sessionId, event: 'connected' });
    await robot.reply({ type: 'level', sessionId: session.sessionId, level: -23.5, packets: 50 });
    expect(await nextSignal(socket)).toEqual({
      sessionId: session.sessionId,
      event: 'level',
      level: -23.5,
      packets: 50,
    });
    // The answer arrived: the answer time-out (1.5 s here) no longer applies.
    await new Promise((r) => setTimeout(r, 1800));
    expect((await sessionRow(session.sessionId)).endedAt).toBeNull();

    // A repeated offer, and an offer for the session from another user's socket, change nothing.
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    const intruder = await console_(bob);
    intruder.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    intruder.send({ type: 'voiceHangup', sessionId: session.sessionId });
    intruder.send({ type: 'ping' });
    expect(await intruder.next()).toEqual({ type: 'pong' });
    expect((await sessionRow(session.sessionId)).endedAt).toBeNull();

    // Only the holder ends it.
    expect((await post(bob, END, { sessionId: session.sessionId })).statusCode).toBe(404);
    const ended = await post(alice, END, { sessionId: session.sessionId });
    expect(ended.statusCode).toBe(200);
    expect(await robot.nextVoice('hangup')).toMatchObject({ sessionId: session.sessionId, reason: 'ended' });
    expect(await nextSignal(socket)).toEqual({ sessionId: session.sessionId, event: 'ended', reason: 'ended' });
    expect(robot.voice.filter((m) => m.type === 'offer')).toHaveLength(1);
    expect(await holderOf(alice, robot)).toBeNull();
    expect((await post(alice, END, { sessionId: session.sessionId })).statusCode).toBe(404);

    const list = await get(alice, `${ANNOUNCEMENTS}?index=1&size=10&robotId=${robot.reg.robotId}`);
    expect(list.statusCode).toBe(200);
    const rows = (list.json().data as { rows: AnnouncementRow[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      sessionId: session.sessionId,
      robotName: `Robot ${robot.reg.serial}`,
      operatorName: alice.name,
      endReason: 'ended',
    });
    expect(rows[0]!.connectedTime).not.toBeNull();
    expect(Date.parse(rows[0]!.endTime!)).toBeGreaterThanOrEqual(Date.parse(rows[0]!.startTime));

    socket.ws.close();
    intruder.ws.close();
    await robot.client.endAsync();
  }, 20_000);

  it('refuses a second operator with "in use by" in their language until the holder ends', async () => {
    const robot = await connectRobot();
    const session = await start(alice, robot);
    const en = await post(bob, START, { robotId: robot.reg.robotId }, 'en-US');
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(`The announcement is in use by ${alice.name}`);
    const zh = await post(bob, START, { robotId: robot.reg.robotId }, 'zh-CN');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe(`喊话正在被 ${alice.name} 使用`);
    // The holder's own second tab is refused the same way.
    const own = await post(alice, START, { robotId: robot.reg.robotId });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(`The announcement is in use by ${alice.name}`);

    expect((await post(alice, END, { sessionId: session.sessionId })).statusCode).toBe(200);
    const second = await start(bob, robot);
    expect(await holderOf(alice, robot)).toMatchObject({ userId: bob.id, name: bob.name });
    expect((await post(bob, END, { sessionId: second.sessionId })).statusCode).toBe(200);
    await robot.client.endAsync();
  });

  it('gives the robot to exactly one of two simultaneous starts', async () => {
    const robot = await connectRobot();
    const answers = await Promise.all([
      post(alice, START, { robotId: robot.reg.robotId }),
      post(bob, START, { robotId: robot.reg.robotId }),
      post(alice, START, { robotId: robot.reg.robotId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const open = await t.db
      .select()
      .from(voiceSessions)
      .where(sql`${voiceSessions.robotId} = ${robot.reg.robotId} and ${voiceSessions.endedAt} is null`);
    expect(open).toHaveLength(1);
    await t.app.voice.intercom.endOnRobot(robot.reg.robotId, 'audio');
    await robot.client.endAsync();
  });

  it("ends the session when the holder's socket closes, and tells the robot", async () => {
    const robot = await connectRobot();
    const socket = await console_(alice);
    const session = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    await robot.reply({ type: 'answer', sessionId: session.sessionId, sdp: ANSWER_SDP });
    expect((await nextSignal(socket)).event).toBe('answer');
    socket.ws.close();
    expect(await robot.nextVoice('hangup')).toMatchObject({ sessionId: session.sessionId, reason: 'closed' });
    expect((await sessionRow(session.sessionId)).endReason).toBe('closed');
    const next = await start(bob, robot);
    await post(bob, END, { sessionId: next.sessionId });
    await robot.client.endAsync();
  });

  it('ends the session when the console hangs up over the socket', async () => {
    const robot = await connectRobot();
    const socket = await console_(alice);
    const session = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    socket.send({ type: 'voiceHangup', sessionId: session.sessionId });
    expect(await robot.nextVoice('hangup')).toMatchObject({ sessionId: session.sessionId, reason: 'ended' });
    expect(await nextSignal(socket)).toEqual({ sessionId: session.sessionId, event: 'ended', reason: 'ended' });
    socket.ws.close();
    await robot.client.endAsync();
  });

  it('takes over a stale session: never offered in time, or its instance silent', async () => {
    const robot = await connectRobot();
    // Never bound to a socket: after the offer time-out it is over.
    const unbound = await start(alice, robot);
    expect((await post(bob, START, { robotId: robot.reg.robotId })).statusCode).toBe(409);
    await t.db
      .update(voiceSessions)
      .set({ startedAt: sql`now() - interval '25 seconds'`, heartbeatAt: sql`now() - interval '25 seconds'` })
      .where(eq(voiceSessions.id, unbound.sessionId));
    const taken = await start(bob, robot);
    expect(await sessionRow(unbound.sessionId)).toMatchObject({ endReason: 'closed' });
    expect(await robot.nextVoice('hangup')).toMatchObject({ sessionId: unbound.sessionId, reason: 'closed' });

    // Bound, but its heartbeat stopped (the instance holding the socket is gone).
    const socket = await console_(bob);
    socket.send({ type: 'voiceOffer', sessionId: taken.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    await t.db
      .update(voiceSessions)
      .set({ startedAt: sql`now() - interval '60 seconds'`, heartbeatAt: sql`now() - interval '31 seconds'` })
      .where(eq(voiceSessions.id, taken.sessionId));
    expect(await holderOf(alice, robot)).toBeNull();
    const again = await start(alice, robot);
    expect(await sessionRow(taken.sessionId)).toMatchObject({ endReason: 'closed' });
    expect(await nextSignal(socket)).toEqual({ sessionId: taken.sessionId, event: 'ended', reason: 'closed' });
    await post(alice, END, { sessionId: again.sessionId });
    socket.ws.close();
    await robot.client.endAsync();
  });

  it("keeps the sessions of this instance's sockets alive, and the sweep ends those nobody keeps", async () => {
    const kept = await connectRobot();
    const orphaned = await connectRobot();
    const socket = await console_(alice);
    const session = await start(alice, kept);
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    await kept.nextVoice('offer');
    await kept.reply({ type: 'answer', sessionId: session.sessionId, sdp: ANSWER_SDP });
    expect((await nextSignal(socket)).event).toBe('answer');
    // Bob's session, bound to a socket of an instance that is gone: nobody refreshes it.
    const gone = await start(bob, orphaned);
    const back = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
    await t.db
      .update(voiceSessions)
      .set({ startedAt: back(60), heartbeatAt: back(31) })
      .where(eq(voiceSessions.id, gone.sessionId));
    await t.db
      .update(voiceSessions)
      .set({ startedAt: back(60), heartbeatAt: back(25) })
      .where(eq(voiceSessions.id, session.sessionId));

    await t.app.voice.intercom.beat();
    const refreshed = await sessionRow(session.sessionId);
    expect(refreshed.endedAt).toBeNull();
    expect(Date.now() - refreshed.heartbeatAt.getTime()).toBeLessThan(5000);
    expect(await sessionRow(gone.sessionId)).toMatchObject({ endReason: 'closed' });
    expect(await orphaned.nextVoice('hangup')).toMatchObject({ sessionId: gone.sessionId, reason: 'closed' });
    expect(await holderOf(bob, orphaned)).toBeNull();
    expect(await holderOf(bob, kept)).toMatchObject({ userId: alice.id });

    await post(alice, END, { sessionId: session.sessionId });
    socket.ws.close();
    await kept.client.endAsync();
    await orphaned.client.endAsync();
  });

  it('refuses an offline robot, and ends the announcement when the robot goes offline', async () => {
    const robot = await connectRobot();
    const socket = await console_(alice);
    const session = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    await robot.offline();
    expect(await nextSignal(socket, 8000)).toEqual({ sessionId: session.sessionId, event: 'ended', reason: 'robot' });
    expect((await sessionRow(session.sessionId)).endReason).toBe('robot');

    const res = await post(alice, START, { robotId: robot.reg.robotId }, 'zh-CN');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('机器人离线，无法喊话');
    socket.ws.close();
  });

  it('ends the session when the robot hangs up or refuses the offer, with its words', async () => {
    const robot = await connectRobot();
    const socket = await console_(alice, 'en-US');
    const first = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: first.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    await robot.reply({ type: 'hangup', sessionId: first.sessionId });
    expect(await nextSignal(socket)).toEqual({ sessionId: first.sessionId, event: 'ended', reason: 'robot' });

    const second = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: second.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    await robot.reply({ type: 'error', sessionId: second.sessionId, message: 'no PCMA in the offer' });
    expect(await nextSignal(socket)).toEqual({
      sessionId: second.sessionId,
      event: 'ended',
      reason: 'failed',
      message: 'Offer/answer exchange failed: no PCMA in the offer',
    });
    // A session id that is not one of ours is ignored.
    await robot.reply({ type: 'hangup', sessionId: 'not-a-session' });
    // Another robot cannot speak for this one's sessions.
    const third = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: third.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    const other = await connectRobot();
    await other.reply({ type: 'hangup', sessionId: third.sessionId });
    await other.reply({ type: 'answer', sessionId: third.sessionId, sdp: ANSWER_SDP });
    await robot.reply({ type: 'answer', sessionId: third.sessionId, sdp: ANSWER_SDP });
    expect(await nextSignal(socket)).toMatchObject({ sessionId: third.sessionId, event: 'answer' });
    expect((await sessionRow(third.sessionId)).endedAt).toBeNull();
    await post(alice, END, { sessionId: third.sessionId });
    socket.ws.close();
    await robot.client.endAsync();
    await other.client.endAsync();
  });

  it('fails the exchange when the robot does not answer in time', async () => {
    const robot = await connectRobot();
    const socket = await console_(alice, 'zh-CN');
    const session = await start(alice, robot);
    socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
    await robot.nextVoice('offer');
    const ended = await nextSignal(socket, 5000);
    expect(ended).toEqual({
      sessionId: session.sessionId,
      event: 'ended',
      reason: 'failed',
      message: '信令交换失败：机器人未应答',
    });
    expect(await robot.nextVoice('hangup')).toMatchObject({ sessionId: session.sessionId, reason: 'failed' });
    socket.ws.close();
    await robot.client.endAsync();
  });

  it('refuses while audio plays, and with stopAudio stops it first', async () => {
    const robot = await connectRobot();
    await robot.state(audio('playing'));
    const res = await post(alice, START, { robotId: robot.reg.robotId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The robot is playing audio; stop it first');
    expect(robot.commands).toHaveLength(0);
    const session = await start(alice, robot, { stopAudio: true });
    await until(() => robot.commands.find((c) => c.name === 'audioStop'), 5000, 'audioStop');
    expect(robot.commands.map((c) => c.name)).toEqual(['audioStop']);
    await post(alice, END, { sessionId: session.sessionId });
    await robot.client.endAsync();
  });

  it('ends the sessions of its sockets when the server stops, and tells the robot', async () => {
    const own = await createTestApp({ env: { VOICE_ICE_SERVERS: JSON.stringify(ICE) } });
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = own.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const tenant = (await makeTenant(own)).id;
      const user = await makeUser(own, tenant, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants: GRANTS });
      const token = await login(own.app, user.account, user.password);
      const reg = await registerRobot(own, token);
      const client = await mqtt.connectAsync(own.app.robotBrokerUrl(), {
        clientId: reg.serial,
        username: reg.serial,
        password: await simRobot(own, reg).token(),
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      const heard: RobotVoiceRequest[] = [];
      client.on('message', (_topic, payload) => heard.push(JSON.parse(payload.toString()) as RobotVoiceRequest));
      await client.subscribeAsync(robotTopic(reg.serial, 'voice'), { qos: 1 });
      await client.publishAsync(robotTopic(reg.serial, 'online'), JSON.stringify({ online: true, ts: Date.now() }), {
        qos: 1,
      });
      await until(() => own.app.monitoring.robotIn(tenant, reg.robotId)?.online, 8000, 'online');
      const socket = await openSocket(`ws://127.0.0.1:${port}/api/ws/msg/${user.id}`);
      socket.send({ type: 'auth', token });
      expect((await socket.next()).type).toBe('ready');
      const res = await own.app.inject({
        method: 'POST',
        url: START,
        headers: as(token),
        payload: { robotId: reg.robotId },
      });
      const session = res.json().data as VoiceSession;
      socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
      await until(() => heard.find((m) => m.type === 'offer'), 5000, 'offer');

      await own.app.close();
      expect(heard.find((m) => m.type === 'hangup')).toMatchObject({ sessionId: session.sessionId, reason: 'closed' });
      const [row] = await own.db.select().from(voiceSessions).where(eq(voiceSessions.id, session.sessionId));
      expect(row).toMatchObject({ endReason: 'closed' });
      client.end(true);
    } finally {
      // Closing again is a no-op for the app; the bus and the database close here.
      await own.close();
    }
  }, 20_000);

  it("answers 404 for another tenant's robot and 403 without the grant", async () => {
    const robot = await connectRobot();
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other.id, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants: GRANTS });
    const strangerOp = {
      id: stranger.id,
      token: await login(t.app, stranger.account, stranger.password),
      name: '',
    };
    const res = await post(strangerOp, START, { robotId: robot.reg.robotId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The robot does not exist');
    expect((await get(strangerOp, `${HOLDER}?robotId=${robot.reg.robotId}`)).statusCode).toBe(404);
    const page = await get(strangerOp, `${ANNOUNCEMENTS}?index=1&size=10`);
    expect((page.json().data as { total: number }).total).toBe(0);

    const plain = await makeUser(t, tenantId, { grants: [`GET ${HOLDER}`] });
    const plainOp = { id: plain.id, token: await login(t.app, plain.account, plain.password), name: '' };
    expect((await post(plainOp, START, { robotId: robot.reg.robotId })).statusCode).toBe(403);
    expect((await get(plainOp, ANNOUNCEMENTS)).statusCode).toBe(403);
    // Granted the holder, but the robot is not assigned to this user: not found.
    expect((await get(plainOp, `${HOLDER}?robotId=${robot.reg.robotId}`)).statusCode).toBe(404);
    await robot.client.endAsync();
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
const mqttUrl = process.env.TEST_MQTT_URL?.trim();

/**
 * Two instances on one PostgreSQL database, a Redis bus and an external broker (shared
 * subscription): the console socket on one, the robot's replies received by either, and one holder
 * per robot whichever instance each start goes to.
 */
describe.skipIf(!databaseUrl || !redisUrl || !mqttUrl)('live announcements on two instances', () => {
  const apps: TestApp[] = [];
  const extraDatabases: Database[] = [];
  let drop: () => Promise<void>;
  let tenantId: number;
  const operators: { id: number; token: string; name: string }[] = [];

  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    const second = await openDatabase({ databaseUrl: made.url!, pgliteDir: null });
    extraDatabases.push(second);
    const prefix = `patrol-test:${randomBytes(4).toString('hex')}:`;
    const group = `patrol-test-${randomBytes(4).toString('hex')}`;
    for (const database of [made.database, second]) {
      const bus = await createRedisBus(redisUrl!, { prefix });
      const t = await createTestApp({ database, bus, mqttUrl: mqttUrl!, mqttShareGroup: group });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(t);
    }
    tenantId = (await makeTenant(apps[0]!)).id;
    for (let i = 0; i < 2; i++) {
      const user = await makeUser(apps[0]!, tenantId, { roleCodes: [TENANT_ADMIN_ROLE_CODE], grants: GRANTS });
      operators.push({
        id: user.id,
        token: await login(apps[0]!.app, user.account, user.password),
        name: `User ${user.account}`,
      });
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const database of extraDatabases) await database.close();
    await drop?.();
  });

  const socketOn = async (t: TestApp, who: { id: number; token: string }) => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/ws/msg/${who.id}`);
    socket.send({ type: 'auth', token: who.token, lang: 'en-US' });
    expect((await socket.next()).type).toBe('ready');
    return socket;
  };

  it("relays the robot's replies received by either instance to the console socket held by one, and gives the robot to one of two simultaneous starts", async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const alice = operators[0]!;
    const reg = await registerRobot(a, alice.token);
    const client = await mqtt.connectAsync(mqttUrl!, {
      clientId: reg.serial,
      username: reg.serial,
      password: await simRobot(a, reg).token(),
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const voice: RobotVoiceRequest[] = [];
    client.on('message', (_topic, payload) => voice.push(JSON.parse(payload.toString()) as RobotVoiceRequest));
    await client.subscribeAsync(robotTopic(reg.serial, 'voice'), { qos: 1 });
    await client.publishAsync(robotTopic(reg.serial, 'online'), JSON.stringify({ online: true, ts: Date.now() }), {
      qos: 1,
      retain: true,
    });
    for (const t of apps) await until(() => t.app.monitoring.robotIn(tenantId, reg.robotId)?.online, 8000, 'online');
    const reply = (message: object) =>
      client.publishAsync(robotTopic(reg.serial, 'voice/reply'), JSON.stringify({ ...message, ts: Date.now() }), {
        qos: 1,
      });

    // Which instance receives each of the robot's replies (the broker shares them out).
    const received = [0, 0];
    apps.forEach((t, i) => t.app.gateway.on('voice/reply', (serial) => void (serial === reg.serial && received[i]!++)));
    try {
      // Two operators at the same instant, one through each instance: exactly one holds the robot.
      const starts = await Promise.all(
        [a, b].map((t, i) =>
          t.app.inject({
            method: 'POST',
            url: START,
            headers: as(operators[i]!.token, { lang: 'en-US' }),
            payload: { robotId: reg.robotId },
          }),
        ),
      );
      expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = starts.findIndex((r) => r.statusCode === 200);
      const lost = starts[1 - won]!;
      expect(lost.json().message).toBe(`The announcement is in use by ${operators[won]!.name}`);
      const first = starts[won]!.json().data as VoiceSession;
      const ended = await (won === 0 ? a : b).app.inject({
        method: 'POST',
        url: END,
        headers: as(operators[won]!.token),
        payload: { sessionId: first.sessionId },
      });
      expect(ended.statusCode).toBe(200);

      // Started through B, the offer on A's socket; every reply, whichever instance takes it, reaches A's socket.
      const socket = await socketOn(a, alice);
      const started = await b.app.inject({
        method: 'POST',
        url: START,
        headers: as(alice.token),
        payload: { robotId: reg.robotId },
      });
      expect(started.statusCode, started.body).toBe(200);
      const session = started.json().data as VoiceSession;
      socket.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp: SDP });
      await until(() => voice.find((m) => m.type === 'offer' && m.sessionId === session.sessionId), 5000, 'offer');
      await reply({ type: 'answer', sessionId: session.sessionId, sdp: ANSWER_SDP });
      const signals: VoiceSignal[] = [];
      const nextVoice = async () => {
        for (;;) {
          const m = await socket.next(5000);
          if (m.type === 'voice') return m.data;
        }
      };
      signals.push(await nextVoice());
      expect(signals[0]).toEqual({ sessionId: session.sessionId, event: 'answer', sdp: ANSWER_SDP });
      for (let i = 1; i <= 6; i++)
        await reply({ type: 'level', sessionId: session.sessionId, level: -20, packets: i * 50 });
      for (let i = 1; i <= 6; i++) signals.push(await nextVoice());
      expect(
        signals
          .slice(1)
          .map((s) => (s.event === 'level' ? s.packets : null))
          .sort((x, y) => x! - y!),
      ).toEqual([50, 100, 150, 200, 250, 300]);
      expect(received[0]! + received[1]!).toBe(7);
      expect(received[1], 'replies received by the instance without the socket').toBeGreaterThan(0);
      // The answer reached A, wherever it was received: A's answer timer no longer ends the session.
      await new Promise((r) => setTimeout(r, a.config.voiceAnswerTimeoutMs + 500));
      expect(await b.app.voice.intercom.activeOn(reg.robotId)).toMatchObject({ sessionId: session.sessionId });

      // The robot goes offline: every instance hears it, the session ends once.
      await client.publishAsync(robotTopic(reg.serial, 'online'), JSON.stringify({ online: false, ts: Date.now() }), {
        qos: 1,
        retain: true,
      });
      expect(await nextVoice()).toEqual({ sessionId: session.sessionId, event: 'ended', reason: 'robot' });
      await until(() => voice.find((m) => m.type === 'hangup' && m.sessionId === session.sessionId), 5000, 'hangup');
      await new Promise((r) => setTimeout(r, 300));
      expect(voice.filter((m) => m.type === 'hangup' && m.sessionId === session.sessionId)).toHaveLength(1);
      socket.ws.close();
    } finally {
      await client.publishAsync(robotTopic(reg.serial, 'online'), '', { qos: 1, retain: true });
      await client.endAsync();
    }
  }, 40_000);
});
