import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { SimRobot } from '@patrol/robot-sim';
import type { TrackMark, TrackResult } from '@patrol/contracts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { insertAlarmOnce } from '../alarms/alarms.repository.js';
import { countTrackPoints, insertTrackPoints, type TrackPointRow } from './tracks.repository.js';
import { createTrackRecorder } from './tracks.recorder.js';
import { loadConfig } from '../../platform/config.js';
import { toleranceMetres } from './tracks.simplify.js';

const QUERY = '/api/task-server/track/query';
const MARKS = '/api/task-server/track/marks';
const GRANTS = [
  'POST /api/robot-server/robot/create',
  'POST /api/robot-server/cmd/send',
  `GET ${QUERY}`,
  `GET ${MARKS}`,
];
const silent = pino({ level: 'silent' });
const DAY = 24 * 3600_000;

/** Metres between two [lng, lat] points (equirectangular: fine over a few kilometres). */
function metres(a: [number, number], b: [number, number]) {
  const k = Math.cos((a[1] * Math.PI) / 180);
  return Math.hypot((a[0] - b[0]) * 111_320 * k, (a[1] - b[1]) * 111_320);
}
/** Metres from p to the segment a–b. */
function toSegment(p: [number, number], a: [number, number], b: [number, number]) {
  const k = Math.cos((a[1] * Math.PI) / 180);
  const [px, py] = [(p[0] - a[0]) * k, p[1] - a[1]];
  const [bx, by] = [(b[0] - a[0]) * k, b[1] - a[1]];
  const len = bx * bx + by * by;
  const u = len === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / len));
  return Math.hypot(px - u * bx, py - u * by) * 111_320;
}

describe('track records', () => {
  let t: TestApp;
  let tenantId: number;
  let token: string;
  let robot: RegisteredRobot;
  let sim: SimRobot | undefined;
  /** A user of the tenant granted the track routes, with no robot assigned. */
  let outsider: string;
  /** Another tenant's administrator. */
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, admin.account, admin.password);
    const plain = await makeUser(t, tenantId, { grants: GRANTS });
    outsider = await login(t.app, plain.account, plain.password);
    const other = (await makeTenant(t)).id;
    const otherAdmin = await makeUser(t, other, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    stranger = await login(t.app, otherAdmin.account, otherAdmin.password);
    robot = await registerRobot(t, token);
  });
  afterAll(async () => {
    await sim?.disconnect({ silent: true });
    await t?.close();
  });

  const get = (url: string, query: Record<string, string | number>, who = token, lang = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
      headers: as(who, { lang }),
    });
  const point = (robotId: number, ts: number, over: Partial<TrackPointRow> = {}): TrackPointRow => ({
    robotId,
    tenantId,
    ts,
    lat: 22.54,
    lng: 114.05,
    speed: 1,
    direction: 90,
    mode: 'patrolling',
    ...over,
  });

  it("stores a real simulator robot's telemetry as track points, in time order, with its tenant", async () => {
    const from = Date.now() - 1000;
    sim = simRobot(t, robot);
    await sim.connect();
    await until(async () => (await countTrackPoints(t.db, tenantId, robot.robotId)) >= 5, 10_000, 'five stored points');
    const res = await get(QUERY, { robotId: robot.robotId, from, to: Date.now() + 1000, zoom: 22 });
    expect(res.statusCode).toBe(200);
    const track = res.json().data as TrackResult;
    expect(track.rawCount).toBeGreaterThanOrEqual(5);
    const times = track.points.map((p) => p[0]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const live = sim.telemetry();
    expect(track.points.at(-1)![0]).toBeLessThanOrEqual(live.ts);
    // Near the simulator's route around the default map centre.
    expect(metres([track.points[0]![1], track.points[0]![2]], [live.lng, live.lat])).toBeLessThan(500);
    await sim.disconnect({ silent: true });
    sim = undefined;
  });

  it('writes many points in a few statements, stores a redelivered point once, and bounds its buffer', async () => {
    const r = await registerRobot(t, token);
    const recorder = createTrackRecorder(t.db, silent, { batchRows: 1000, maxBuffered: 3000 });
    const base = Date.UTC(2026, 10, 20);
    for (let i = 0; i < 2500; i++) recorder.offer(point(r.robotId, base + i * 1000));
    await recorder.flush();
    expect(recorder.stats()).toMatchObject({ offered: 2500, written: 2500, statements: 3, dropped: 0 });
    expect(await countTrackPoints(t.db, tenantId, r.robotId)).toBe(2500);

    // The same messages again (QoS redelivery, a robot resending): nothing is stored twice.
    // Mixed with new points in one batch, the new ones are stored all the same.
    for (let i = 0; i < 10; i++) recorder.offer(point(r.robotId, base + i * 1000, { lat: 1 }));
    for (let i = 0; i < 5; i++) recorder.offer(point(r.robotId, base - (i + 1) * 1000));
    await recorder.flush();
    expect(await countTrackPoints(t.db, tenantId, r.robotId)).toBe(2505);

    // Nothing written meanwhile: the buffer stops at its bound, the rest is counted as dropped.
    for (let i = 0; i < 3500; i++) recorder.offer(point(r.robotId, base + DAY + i * 1000));
    expect(recorder.stats()).toMatchObject({ buffered: 3000, dropped: 500 });
    await recorder.stop();
    expect(await countTrackPoints(t.db, tenantId, r.robotId)).toBe(5505);
  });

  it('purges the points older than the retention, chunk by chunk, and keeps the rest', async () => {
    const r = await registerRobot(t, token);
    const now = Date.UTC(2026, 10, 25, 12);
    const retention = t.config.trackRetentionDays * DAY;
    const old = Array.from({ length: 25 }, (_, i) => point(r.robotId, now - retention - DAY + i * 1000));
    const kept = Array.from({ length: 5 }, (_, i) => point(r.robotId, now - retention + 60_000 + i * 1000));
    await insertTrackPoints(t.db, [...old, ...kept]);
    expect(await t.app.tracks.purge(now, 10)).toBeGreaterThanOrEqual(25);
    expect(await countTrackPoints(t.db, tenantId, r.robotId)).toBe(5);
  });

  it('reads the retention from TRACK_RETENTION_DAYS: 30 days unless set, whole days from 1 to 3650', () => {
    expect(loadConfig({}).trackRetentionDays).toBe(30);
    expect(loadConfig({ TRACK_RETENTION_DAYS: '7' }).trackRetentionDays).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'week']) {
      expect(() => loadConfig({ TRACK_RETENTION_DAYS: bad })).toThrow(/TRACK_RETENTION_DAYS/);
    }
  });

  it('simplifies a track for the zoom: ends and stops kept, never further from the stored track than the tolerance', async () => {
    const r = await registerRobot(t, token);
    const from = Date.UTC(2026, 10, 24, 8);
    // An hour at 1 Hz: a wavy walk east, a two-minute stop half-way.
    const rows = Array.from({ length: 3600 }, (_, i) => {
      const stopped = i >= 1800 && i < 1920;
      const step = stopped ? 1800 : i < 1800 ? i : i - 120;
      return point(r.robotId, from + i * 1000, {
        lng: 114.05 + step * 0.00001,
        lat: 22.54 + Math.sin(step / 40) * 0.0004 + (step % 7) * 0.0000005,
        speed: stopped ? 0 : 1.1,
      });
    });
    await insertTrackPoints(t.db, rows);
    for (const zoom of [14, 17, 20]) {
      const res = await get(QUERY, {
        robotId: r.robotId,
        from: new Date(from).toISOString(),
        to: from + 3600_000,
        zoom,
      });
      expect(res.statusCode).toBe(200);
      const track = res.json().data as TrackResult;
      expect(track).toMatchObject({ rawCount: 3600, zoom });
      expect(track.points.length).toBeLessThan(3600);
      expect(track.points[0]![0]).toBe(rows[0]!.ts);
      expect(track.points.at(-1)![0]).toBe(rows.at(-1)!.ts);
      const kept = new Set(track.points.map((p) => p[0]));
      expect(kept.has(rows[1800]!.ts), 'where it stopped').toBe(true);
      expect(kept.has(rows[1919]!.ts), 'where it moved off').toBe(true);
      const tolerance = toleranceMetres(zoom, 22.54) * 1.01;
      let worst = 0;
      let seg = 0;
      for (const row of rows) {
        while (seg < track.points.length - 2 && track.points[seg + 1]![0] < row.ts) seg++;
        const a = track.points[seg]!;
        const b = track.points[seg + 1]!;
        worst = Math.max(worst, toSegment([row.lng, row.lat], [a[1], a[2]], [b[1], b[2]]));
      }
      expect(worst).toBeLessThanOrEqual(tolerance);
    }
    const coarse = (await get(QUERY, { robotId: r.robotId, from, to: from + 3600_000, zoom: 12 })).json().data;
    const fine = (await get(QUERY, { robotId: r.robotId, from, to: from + 3600_000, zoom: 20 })).json().data;
    expect(coarse.points.length).toBeLessThan(fine.points.length);
  });

  it("lists the robot's alarms and the commands sent to it in the range, in time order", async () => {
    const r = await registerRobot(t, token);
    const from = Date.now() - 60_000;
    const alarm = await insertAlarmOnce(t.db, {
      tenantId,
      kind: 'sentiment',
      robotId: r.robotId,
      robotName: 'x',
      serialNumber: r.serial,
      messageId: 'track-mark-1',
      code: 'CROWD',
      msg: 'Crowd at the gate',
      level: 1,
      reportedAt: new Date(from + 1000),
      topic: `patrol/${r.serial}/event`,
    });
    const online = simRobot(t, r);
    await online.connect();
    await until(() => t.app.monitoring.robotIn(tenantId, r.robotId)?.online, 8000, 'online');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/cmd/send',
      headers: as(token),
      payload: { robotId: r.robotId, command: { name: 'lights', args: { on: true } } },
    });
    await online.disconnect({ silent: true });
    expect(sent.statusCode).toBe(200);
    const res = await get(MARKS, { robotId: r.robotId, from, to: Date.now() + 1000 });
    expect(res.statusCode).toBe(200);
    const marks = res.json().data as TrackMark[];
    expect(marks).toEqual([
      { ts: from + 1000, kind: 'alarm', label: 'Crowd at the gate', id: alarm!.id },
      { ts: expect.any(Number), kind: 'command', label: 'lights', id: sent.json().data.recordId },
    ]);
    // Outside the range: nothing.
    expect((await get(MARKS, { robotId: r.robotId, from: from - DAY, to: from })).json().data).toEqual([]);
  });

  it('refuses a bad range with a localised message, and answers 404 for a robot the caller may not see', async () => {
    const now = Date.now();
    const tooLong = await get(QUERY, { robotId: robot.robotId, from: now - 8 * DAY, to: now });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.body).toContain('at most 7 days');
    const reversed = await get(QUERY, { robotId: robot.robotId, from: now, to: now - 1000 }, token, 'zh-CN');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.body).toContain('结束时间必须晚于开始时间');
    expect((await get(MARKS, { robotId: robot.robotId, from: 'yesterday', to: now })).statusCode).toBe(422);
    expect((await get(QUERY, { robotId: robot.robotId, from: now - 1000, to: now, zoom: 40 })).statusCode).toBe(422);

    for (const who of [outsider, stranger]) {
      for (const url of [QUERY, MARKS]) {
        const res = await get(url, { robotId: robot.robotId, from: now - DAY, to: now }, who);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('points');
      }
    }
  });

  it("keeps a moved robot's old points with its old tenant", async () => {
    const r = await registerRobot(t, token);
    const other = (await makeTenant(t)).id;
    const from = Date.UTC(2026, 10, 23);
    await insertTrackPoints(t.db, [point(r.robotId, from), point(r.robotId, from + 1000, { tenantId: other })]);
    expect(await countTrackPoints(t.db, tenantId, r.robotId)).toBe(1);
    expect(await countTrackPoints(t.db, other, r.robotId)).toBe(1);
    const res = await get(QUERY, { robotId: r.robotId, from, to: from + 5000 });
    expect((res.json().data as TrackResult).points.map((p) => p[0])).toEqual([from]);
  });
});
