import {
  FIRE_AUTHORIZATION_TTL_S,
  fireAuthorizationClaims,
  type AlarmDetail,
  type AlarmRow,
  type Notice,
  type SocketServerMessage,
} from '@patrol/contracts';
import { eq, sql } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';
import { replaceAssignments } from '../user-robots/user-robots.repository.js';
import { commandRecords } from '../commands/commands.tables.js';
import { alarmDaysOfRobot, insertAlarmOnce } from './alarms.repository.js';
import type { SimRobot } from '@patrol/robot-sim';

const PAGE = '/api/notice-server/alarm/page';
const GUN_PAGE = '/api/notice-server/gun/page';
const OPERATE = '/api/notice-server/alarm/operate';
const GUN = '/api/notice-server/cmd/gun';
const SENTIMENT = '/api/notice-server/cmd/sentiment';
const MUTE = '/api/notice-server/alarm/mute';
const GRANTS = [
  'POST /api/robot-server/robot/create',
  `GET ${PAGE}`,
  `GET ${GUN_PAGE}`,
  'GET /api/notice-server/alarm/:alarmId',
  'GET /api/notice-server/alarm/:alarmId/image',
  `POST ${OPERATE}`,
  `POST ${GUN}`,
  `POST ${SENTIMENT}`,
];

/** A small JPEG and PNG, as far as their first bytes go. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 3)]);
const GIF = Buffer.from('GIF89a-not-a-jpeg-or-png');

describe('alarms', () => {
  let t: TestApp;
  let token: string;
  let adminId: number;
  let tenantId: number;
  let base: string;
  let robot: RegisteredRobot;
  let sim: SimRobot;
  /** A user of the tenant granted the alarm pages, with no robot assigned. */
  let outsider: { id: number; token: string };
  /** Another tenant's administrator, granted the same. */
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    adminId = admin.id;
    token = await login(t.app, admin.account, admin.password);
    const plain = await makeUser(t, tenantId, { grants: GRANTS });
    outsider = { id: plain.id, token: await login(t.app, plain.account, plain.password) };
    const otherTenant = (await makeTenant(t)).id;
    const other = await makeUser(t, otherTenant, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    stranger = await login(t.app, other.account, other.password);
    robot = await registerRobot(t, token);
    sim = simRobot(t, robot);
    await sim.connect();
    await until(() => sim.config?.consoleKey, 8000, 'the console key on the config topic');
  });
  afterAll(async () => {
    await sim?.disconnect({ silent: true });
    await t?.close();
  });

  const get = (url: string, who = token) => t.app.inject({ method: 'GET', url, headers: as(who, { lang: 'en-US' }) });
  const post = (url: string, payload: unknown, who = token) =>
    t.app.inject({ method: 'POST', url, headers: as(who, { lang: 'en-US' }), payload: payload as object });
  const alarmsOf = async (query = '') => {
    const res = await get(`${PAGE}?index=1&size=50${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { rows: AlarmRow[]; total: number };
  };
  const alarmByMessage = (messageId: string) =>
    until(async () => (await alarmsOf(`&keyword=${messageId}`)).rows[0], 8000, `alarm ${messageId}`);
  const detail = async (alarmId: number) =>
    (await get(`/api/notice-server/alarm/${alarmId}`)).json().data as AlarmDetail;
  const watch = async (userId: number, who: string): Promise<TestSocket> => {
    const socket = await openSocket(`${base}${userId}`);
    socket.send({ type: 'auth', token: who, lang: 'en-US' });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'alarms' });
    const first = await socket.next();
    expect(first.type).toBe('alarmMute');
    return socket;
  };
  const nextOf = async (socket: TestSocket, type: string, ms = 5000) => {
    for (;;) {
      const m: SocketServerMessage = await socket.next(ms);
      if (m.type === type) return m;
    }
  };
  let seq = 0;
  const raise = (kind: 'gun' | 'sentiment', extra: Record<string, unknown> = {}) => {
    const id = `ev-${kind}-${++seq}-${Date.now()}`;
    const ts = Date.now() - 1000 + seq;
    return sim.raiseEvent({
      id,
      ts,
      kind,
      code: kind === 'gun' ? 'NET_GUN_REQUEST' : 'CROWD',
      level: 2,
      message: `${kind} at the gate`,
      taskId: 'task-7',
      position: { lat: 22.5431, lng: 114.0579 },
      ...extra,
    });
  };

  it('grants the seeded administrator the alarms routes from the start', async () => {
    const admin = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    for (const url of [`${PAGE}?index=1`, `${GUN_PAGE}?index=1`, MUTE]) {
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
    expect((await post(GUN, { robotId: 1, data: { timestamp: 1, flag: true } }, admin)).statusCode).toBe(404);
  });

  it('keeps an event once per message id, pushes it once to consoles that may see the robot, and serves its image to them only', async () => {
    const mine = await watch(adminId, token);
    const theirs = await watch(outsider.id, outsider.token);
    const event = raise('gun', { image: JPEG.toString('base64') });
    sim.raiseEvent(event); // the same message again, as a QoS 1 redelivery would
    const push = await nextOf(mine, 'gun');
    expect(push).toMatchObject({
      type: 'gun',
      robotId: robot.robotId,
      data: {
        code: 'NET_GUN_REQUEST',
        msg: 'gun at the gate',
        timestamp: event.ts,
        level: 2,
        serialNumber: robot.serial,
        robotName: `Robot ${robot.serial}`,
      },
    });
    const data = (push as Extract<SocketServerMessage, { type: 'gun' }>).data;
    expect(data.img).toBe(`/api/notice-server/alarm/${data.alarmId}/image`);
    // The repeat pushes nothing; the console without the robot got nothing at all.
    await expect(nextOf(mine, 'gun', 1000)).rejects.toThrow();
    await expect(theirs.next(500)).rejects.toThrow();

    const { rows } = await alarmsOf(`&keyword=${event.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      alarmId: data.alarmId,
      kind: 'gun',
      messageId: event.id,
      taskId: 'task-7',
      status: 'disposing',
      reportTime: new Date(event.ts).toISOString(),
      topic: `patrol/${robot.serial}/event`,
      lat: 22.5431,
      lng: 114.0579,
      gunDecision: null,
      requestId: null,
    });

    const image = await get(data.img!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    expect((await get(data.img!, stranger)).statusCode).toBe(404);
    expect((await get(data.img!, outsider.token)).statusCode).toBe(404);
    expect((await get(`/api/notice-server/alarm/${data.alarmId}`, outsider.token)).statusCode).toBe(404);
    expect((await get(`${PAGE}?index=1&keyword=${event.id}`, outsider.token)).json().data.total).toBe(0);

    // Assigned the robot, the user sees it.
    await replaceAssignments(t.db, tenantId, outsider.id, [robot.robotId]);
    expect((await get(data.img!, outsider.token)).statusCode).toBe(200);
    await replaceAssignments(t.db, tenantId, outsider.id, []);
    mine.ws.close();
    theirs.ws.close();
  });

  it('keeps an alarm whose image is not a JPEG or PNG, without the image; a PNG is kept', async () => {
    const gif = raise('sentiment', { image: GIF.toString('base64') });
    const notBase64 = raise('sentiment', { image: '***not base64***' });
    const png = raise('sentiment', { image: PNG.toString('base64') });
    expect((await alarmByMessage(gif.id)).img).toBeNull();
    expect((await alarmByMessage(notBase64.id)).img).toBeNull();
    const kept = await alarmByMessage(png.id);
    const res = await get(kept.img!);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await get(`/api/notice-server/alarm/${(await alarmByMessage(gif.id)).alarmId}/image`)).statusCode).toBe(
      404,
    );
  });

  it('takes disposal operations with their robot commands, tells the consoles, and refuses any after completion', async () => {
    const socket = await watch(adminId, token);
    const event = raise('sentiment');
    const alarm = await alarmByMessage(event.id);
    const track = await post(OPERATE, { alarmId: alarm.alarmId, operation: 'trackTarget', comment: 'follow' });
    expect(track.statusCode).toBe(200);
    const tracked = track.json().data as AlarmDetail;
    expect(tracked).toMatchObject({
      operationType: 'trackTarget',
      status: 'disposing',
      publishTopic: `patrol/${robot.serial}/cmd`,
    });
    expect(tracked.handledBy).toBeTruthy();
    expect(tracked.operations).toMatchObject([{ operation: 'trackTarget', operatorId: adminId, comment: 'follow' }]);
    expect(tracked.commands).toMatchObject([{ name: 'trackTarget', args: { eventId: event.id } }]);
    expect(tracked.requestId).toBe(tracked.commands[0]!.commandId);
    await until(() => sim.received.find((c) => c.name === 'trackTarget' && c.args.eventId === event.id));
    expect(await nextOf(socket, 'alarmHandled')).toMatchObject({
      data: { alarmId: alarm.alarmId, operation: 'trackTarget', operatorId: adminId, status: 'disposing' },
    });

    expect((await post(OPERATE, { alarmId: alarm.alarmId, operation: 'voiceTalk' })).statusCode).toBe(409);
    expect((await post(OPERATE, { alarmId: alarm.alarmId, operation: 'dispose' })).statusCode).toBe(200);
    const siren = await post(OPERATE, { alarmId: alarm.alarmId, operation: 'siren' });
    expect(siren.json().data.commands.map((c: { name: string }) => c.name)).toEqual(['trackTarget', 'siren']);
    expect(siren.json().data.data).toMatchObject({ name: 'siren', args: { eventId: event.id } });

    const ignored = await post(SENTIMENT, { robotId: robot.robotId, data: { timestamp: event.ts, ret: 4 } });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data).toMatchObject({ status: 'complete', operationType: 'ignore' });
    await until(() =>
      sim.received.find((c) => c.name === 'sentimentDecision' && c.args.eventId === event.id && c.args.ret === 4),
    );
    expect(await nextOf(socket, 'alarmHandled')).toMatchObject({ data: { operation: 'ignore', status: 'complete' } });

    const after = await post(OPERATE, { alarmId: alarm.alarmId, operation: 'dispose' });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This alarm is complete and takes no further operation');
    expect((await detail(alarm.alarmId)).operations.map((o) => o.operation)).toEqual([
      'trackTarget',
      'dispose',
      'siren',
      'ignore',
    ]);
    socket.ws.close();
  });

  it('refuses bad calls of cmd/gun and cmd/sentiment with 4xx, never 5xx', async () => {
    const gun = await alarmByMessage(raise('gun').id);
    const ts = new Date(gun.reportTime).getTime();
    const bodies: unknown[] = [
      {},
      { robotId: robot.robotId },
      { robotId: robot.robotId, data: { timestamp: 'x', flag: true } },
      { robotId: robot.robotId, data: { timestamp: ts, flag: 'yes' } },
      { robotId: -1, data: { timestamp: ts, flag: true } },
      { robotId: robot.robotId, data: { timestamp: 1e20, flag: true } },
      { robotId: robot.robotId, data: { timestamp: ts, ret: 9 } },
      [],
      'null',
    ];
    for (const body of bodies) {
      for (const url of [GUN, SENTIMENT]) {
        const res = await post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    // Unknown robot, unknown time, another tenant's robot, a robot out of scope: 404.
    expect((await post(GUN, { robotId: 99_999_999, data: { timestamp: ts, flag: true } })).statusCode).toBe(404);
    expect((await post(GUN, { robotId: robot.robotId, data: { timestamp: ts + 7, flag: true } })).statusCode).toBe(404);
    expect(
      (await post(GUN, { robotId: robot.robotId, data: { timestamp: ts, flag: true } }, stranger)).statusCode,
    ).toBe(404);
    const out = await post(GUN, { robotId: robot.robotId, data: { timestamp: ts, flag: true } }, outsider.token);
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe('The alarm does not exist or you may not see it');
    // The wrong kind: 409.
    const wrong = await post(SENTIMENT, {
      robotId: robot.robotId,
      data: { timestamp: ts, ret: 4, alarmId: gun.alarmId },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('This alarm is not a sentiment alarm');
    const sentiment = await alarmByMessage(raise('sentiment').id);
    const notGun = await post(GUN, {
      robotId: robot.robotId,
      data: { timestamp: new Date(sentiment.reportTime).getTime(), flag: true, alarmId: sentiment.alarmId },
    });
    expect(notGun.statusCode).toBe(409);
    expect(notGun.json().message).toBe('This alarm is not a net-gun alarm');
  });

  it('allows the net gun once: two allows at once give one signed authorisation and one 409 naming who decided', async () => {
    const socket = await watch(adminId, token);
    const event = raise('gun');
    const alarm = await alarmByMessage(event.id);
    const body = { robotId: robot.robotId, data: { timestamp: event.ts, flag: true } };
    const answers = await Promise.all([post(GUN, body), post(GUN, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toMatch(/^This alarm was already handled by User /);
    const decided = answers.find((r) => r.statusCode === 200)!.json().data as AlarmDetail;
    expect(decided).toMatchObject({ gunDecision: 'allowed', operationType: 'allow', status: 'disposing' });
    expect(decided.operations).toMatchObject([{ operation: 'allow', operatorId: adminId }]);
    expect(await nextOf(socket, 'alarmHandled')).toMatchObject({
      data: { alarmId: alarm.alarmId, operation: 'allow' },
    });

    const command = await until(() =>
      sim.received.find((c) => c.name === 'gunDecision' && c.args.eventId === event.id),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.received.filter((c) => c.name === 'gunDecision' && c.args.eventId === event.id)).toHaveLength(1);
    const sent = await t.db.select().from(commandRecords).where(eq(commandRecords.alarmId, alarm.alarmId));
    expect(sent).toHaveLength(1);

    // The authorisation verifies with the key the robot got on its config topic, and says what it allows.
    const args = command.args as { allow: boolean; authorization: string };
    expect(args.allow).toBe(true);
    const key = await importSPKI(sim.config!.consoleKey!, 'EdDSA');
    const { payload, protectedHeader } = await jwtVerify(args.authorization, key, { algorithms: ['EdDSA'] });
    expect(protectedHeader.alg).toBe('EdDSA');
    const claims = fireAuthorizationClaims.parse(payload);
    expect(claims).toMatchObject({ sub: robot.serial, alarm: event.id, op: adminId });
    expect(claims.exp - claims.iat).toBe(FIRE_AUTHORIZATION_TTL_S);
    expect(Math.abs(claims.iat * 1000 - Date.now())).toBeLessThan(10_000);

    // A later reject is refused too; the decision stands.
    const reject = await post(GUN, { robotId: robot.robotId, data: { timestamp: event.ts, flag: false } });
    expect(reject.statusCode).toBe(409);
    expect((await detail(alarm.alarmId)).gunDecision).toBe('allowed');
    const gunRows = (await get(`${GUN_PAGE}?index=1&decision=allowed&keyword=${event.id}`)).json().data;
    expect(gunRows.total).toBe(1);
    socket.ws.close();
  });

  it('rejects the net gun with allow false, and the reject is final', async () => {
    const event = raise('gun');
    const alarm = await alarmByMessage(event.id);
    expect((await get(`${GUN_PAGE}?index=1&decision=pending&keyword=${event.id}`)).json().data.total).toBe(1);
    const res = await post(GUN, {
      robotId: robot.robotId,
      data: { timestamp: event.ts, flag: false, alarmId: alarm.alarmId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ gunDecision: 'rejected', operationType: 'reject' });
    const command = await until(() =>
      sim.received.find((c) => c.name === 'gunDecision' && c.args.eventId === event.id),
    );
    expect(command.args).toEqual({ eventId: event.id, allow: false });
    expect((await post(GUN, { robotId: robot.robotId, data: { timestamp: event.ts, flag: true } })).statusCode).toBe(
      409,
    );
  });

  it('keeps the decisions and operations in the operation log', async () => {
    const routes = await until(async () => {
      const res = await t.db.execute(sql`select route from operation_logs where tenant_id = ${tenantId}`);
      const found = (res as unknown as { rows: { route: string }[] }).rows.map((r) => r.route);
      return found.includes(GUN) && found.includes(OPERATE) && found.includes(SENTIMENT) ? found : undefined;
    });
    expect(routes.length).toBeGreaterThan(3);
  });

  it('mutes one kind for the caller, pushes it to their consoles and gives it as the topic snapshot', async () => {
    const socket = await watch(adminId, token);
    const before = Date.now();
    const res = await post(MUTE, { kind: 'gun', seconds: 30 });
    expect(res.statusCode).toBe(200);
    const mute = res.json().data as { warningMuteUntil: number; sentimentMuteUntil: number | null };
    expect(mute.warningMuteUntil).toBeGreaterThanOrEqual(before + 30_000);
    expect(mute.warningMuteUntil).toBeLessThan(Date.now() + 31_000);
    expect(mute.sentimentMuteUntil).toBeNull();
    expect(await nextOf(socket, 'alarmMute')).toEqual({ type: 'alarmMute', data: mute });
    const both = (await post(MUTE, { kind: 'sentiment', seconds: 90 })).json().data;
    expect(both.warningMuteUntil).toBe(mute.warningMuteUntil);
    expect((await get(MUTE)).json().data).toEqual(both);
    for (const seconds of [0, -5, 1.5, 'x', 86_401]) {
      expect((await post(MUTE, { kind: 'gun', seconds })).statusCode).toBe(422);
    }
    // Another user's mute is their own.
    expect((await get(MUTE, outsider.token)).json().data).toEqual({ warningMuteUntil: null, sentimentMuteUntil: null });
    const again = await openSocket(`${base}${adminId}`);
    again.send({ type: 'auth', token, lang: 'en-US' });
    await again.next();
    again.send({ type: 'subscribe', topic: 'alarms' });
    expect(await again.next()).toEqual({ type: 'alarmMute', data: both });
    socket.ws.close();
    again.ws.close();
  });

  it('gives a console that subscribes the newest unhandled alarm of each kind, so one raised while it connected is not missed', async () => {
    const event = raise('sentiment', { message: 'raised before the console listened' });
    const alarm = await alarmByMessage(event.id);
    const socket = await watch(adminId, token);
    const replayed = await nextOf(socket, 'sentiment');
    expect(replayed).toMatchObject({ type: 'sentiment', robotId: alarm.robotId, data: { alarmId: alarm.alarmId } });
    socket.ws.close();
    // Once someone handled it, a new console no longer gets it.
    expect((await post(OPERATE, { alarmId: alarm.alarmId, operation: 'dispose' })).statusCode).toBe(200);
    const later = await watch(adminId, token);
    await expect(
      (async () => {
        for (;;) {
          const m: SocketServerMessage = await later.next(1500);
          if (m.type === 'sentiment' && m.data.alarmId === alarm.alarmId) return m;
        }
      })(),
    ).rejects.toThrow();
    later.ws.close();
  });

  it('escalates alarms nobody handled in time and tells the tenant administrators', async () => {
    const event = raise('gun');
    const alarm = await alarmByMessage(event.id);
    const marked = await t.app.alarms.sweepEscalations(new Date(Date.now() + 10 * 60_000));
    expect(marked).toBeGreaterThanOrEqual(1);
    expect(await t.app.alarms.sweepEscalations(new Date(Date.now() + 10 * 60_000))).toBe(0);
    const row = (await alarmsOf(`&escalated=true&keyword=${event.id}`)).rows[0]!;
    expect(row.alarmId).toBe(alarm.alarmId);
    expect(row.escalatedTime).not.toBeNull();
    // Handled alarms are not escalated.
    expect((await alarmsOf('&escalated=true&status=complete')).total).toBe(0);
    const notices = (await get('/api/notice-server/notice/my/page?index=1&type=1&read=')).json().data as {
      rows: Notice[];
    };
    expect(
      notices.rows.some((n) => n.title.includes(`Robot ${robot.serial}`) && n.content.includes('NET_GUN_REQUEST')),
    ).toBe(true);
    const others = (await get('/api/notice-server/notice/my/page?index=1&type=1&read=', outsider.token)).json().data;
    expect(others.total).toBe(0);
  });

  it('counts a kept alarm once on its day of the tenant’s clock, a repeated message not again', async () => {
    // 23:30 in Shanghai on the 5th, then 00:10 and 00:20 on the 6th (both still the 5th in UTC).
    const late = raise('sentiment', { ts: Date.parse('2026-01-05T15:30:00Z') });
    sim.raiseEvent(late); // a QoS 1 redelivery
    const early = raise('sentiment', { ts: Date.parse('2026-01-05T16:10:00Z') });
    const gun = raise('gun', { ts: Date.parse('2026-01-05T16:20:00Z') });
    sim.raiseEvent(gun);
    const stored = await Promise.all([late, early, gun].map((e) => alarmByMessage(e.id)));
    // The same message stored again, as another instance receiving it would: nothing inserted, nothing counted.
    const again = await insertAlarmOnce(t.db, {
      tenantId,
      kind: 'gun',
      robotId: robot.robotId,
      robotName: 'again',
      serialNumber: robot.serial,
      messageId: gun.id,
      code: 'NET_GUN_REQUEST',
      msg: 'again',
      level: 2,
      reportedAt: new Date(gun.ts),
      topic: 'again',
    });
    expect(again).toBeUndefined();
    const january = async () =>
      (await alarmDaysOfRobot(t.db, tenantId, robot.robotId)).filter((d) => d.day.startsWith('2026-01-0'));
    const expected = [
      { day: '2026-01-05', kind: 'sentiment', count: 1 },
      { day: '2026-01-06', kind: 'gun', count: 1 },
      { day: '2026-01-06', kind: 'sentiment', count: 1 },
    ];
    await until(async () => JSON.stringify(await january()) === JSON.stringify(expected), 5000, 'the days counted');
    // The repeats arrive after their first message: still counted once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await january()).toEqual(expected);
    expect(stored.map((a) => a.robotId)).toEqual([robot.robotId, robot.robotId, robot.robotId]);
  });

  it('refuses a command to an offline robot and records nothing', async () => {
    const event = raise('sentiment');
    const alarm = await alarmByMessage(event.id);
    const gunEvent = raise('gun');
    const gunAlarm = await alarmByMessage(gunEvent.id);
    await sim.disconnect({ silent: true });
    await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.online === false, 10_000, 'offline');
    const track = await post(OPERATE, { alarmId: alarm.alarmId, operation: 'trackTarget' });
    expect(track.statusCode).toBe(409);
    expect(track.json().message).toMatch(/offline/i);
    const gun = await post(GUN, { robotId: robot.robotId, data: { timestamp: gunEvent.ts, flag: true } });
    expect(gun.statusCode).toBe(409);
    for (const id of [alarm.alarmId, gunAlarm.alarmId]) {
      const d = await detail(id);
      expect(d.operations).toEqual([]);
      expect(d.commands).toEqual([]);
      expect(d.gunDecision).toBeNull();
      expect(d.handledBy).toBeNull();
    }
    // Records need no robot.
    expect((await post(OPERATE, { alarmId: alarm.alarmId, operation: 'complete' })).statusCode).toBe(200);
  });
});
