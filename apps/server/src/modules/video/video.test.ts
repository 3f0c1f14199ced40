import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotTopic, type RobotCamera } from '@patrol/contracts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { findRobotById } from '../robots/robots.shared.js';
import { saveCameras } from './video.repository.js';
import { createVideoStore, hourOf } from './video.store.js';
import { mediaToken } from './video.fixtures.js';
import { signPlayToken, loadMediaSecret } from './video.token.js';

const GRANTS = [
  'POST /api/robot-server/robot/create',
  'GET /api/video/cameras',
  'GET /api/video/live',
  'GET /api/video/history',
  'GET /api/video/clip',
  'GET /api/video/layout',
  'POST /api/video/layout',
];
const CAMERAS: RobotCamera[] = [
  { id: 'front', name: 'Front' },
  { id: 'rear', name: 'Rear' },
];

/** A tiny MPEG-TS-like payload (the store keeps bytes as they come). */
const segmentBytes = (n: number) => Buffer.alloc(188 * 4, n);

function playlist(entries: { name: string; start: number; duration: number }[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0'];
  for (const e of entries)
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(e.start).toISOString()}`, `#EXTINF:${e.duration / 1000},`, e.name);
  return `${lines.join('\n')}\n`;
}

describe('video', () => {
  let t: TestApp;
  let dataDir: string;
  let tenantId: number;
  let token: string;
  let outsider: string;
  let stranger: string;
  let robot: RegisteredRobot;
  let other: RegisteredRobot;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-video-'));
    t = await createTestApp({ dataDir });
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, admin.account, admin.password);
    const plain = await makeUser(t, tenantId, { grants: GRANTS });
    outsider = await login(t.app, plain.account, plain.password);
    const otherTenant = (await makeTenant(t)).id;
    const otherAdmin = await makeUser(t, otherTenant, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    stranger = await login(t.app, otherAdmin.account, otherAdmin.password);
    robot = await registerRobot(t, token);
    other = await registerRobot(t, stranger);
    await saveCameras(t.db, robot.serial, CAMERAS);
    await saveCameras(t.db, other.serial, CAMERAS);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, query: Record<string, string | number> = {}, who = token) =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
      headers: as(who, { lang: 'en-US' }),
    });
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const push = (r: RegisteredRobot, camera: string, file: string, body: Buffer | string, auth?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/media/ingest/${r.serial}/${camera}/${file}`,
      headers: {
        'content-type': file.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl',
        ...(auth ? { authorization: auth } : {}),
      },
      payload: body,
    });
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('t')!;

  it('stores the cameras a robot announces when it comes online, and only when they change', async () => {
    const fresh = await registerRobot(t, token);
    const key = await importPKCS8(fresh.privateKey, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    const password = await new SignJWT({ kv: fresh.keyVersion })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setJti(randomUUID())
      .setSubject(fresh.serial)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    const client = await mqtt.connectAsync(t.app.robotBrokerUrl()!, {
      clientId: fresh.serial,
      username: fresh.serial,
      password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(
        robotTopic(fresh.serial, 'online'),
        JSON.stringify({ online: true, ts: Date.now(), cameras: [{ id: 'ptz-1', name: 'PTZ' }] }),
        { qos: 1, retain: true },
      );
      await until(async () => (await findRobotById(t.db, fresh.robotId))?.cameras.length === 1, 8000, 'cameras');
      expect((await findRobotById(t.db, fresh.robotId))!.cameras).toEqual([{ id: 'ptz-1', name: 'PTZ' }]);
      const res = await get('/api/video/cameras');
      const listed = (res.json().data as { robotId: number; cameras: RobotCamera[] }[]).find(
        (r) => r.robotId === fresh.robotId,
      );
      expect(listed?.cameras).toEqual([{ id: 'ptz-1', name: 'PTZ' }]);
      // Unchanged cameras are not written again; an online message without cameras clears them.
      expect(await saveCameras(t.db, fresh.serial, [{ id: 'ptz-1', name: 'PTZ' }])).toBe(false);
      await client.publishAsync(robotTopic(fresh.serial, 'online'), JSON.stringify({ online: true }), {
        qos: 1,
        retain: true,
      });
      await until(async () => (await findRobotById(t.db, fresh.robotId))?.cameras.length === 0, 8000, 'no cameras');
    } finally {
      await client.endAsync();
    }
  });

  it("lists only the robots the user may see, never another tenant's", async () => {
    const mine = (await get('/api/video/cameras')).json().data as { robotId: number }[];
    expect(mine.map((r) => r.robotId)).toContain(robot.robotId);
    expect(mine.map((r) => r.robotId)).not.toContain(other.robotId);
    expect((await get('/api/video/cameras', {}, outsider)).json().data).toEqual([]);
  });

  it('signs a live URL from the embedded template; unknown camera, invisible or foreign robot refused', async () => {
    const res = await get('/api/video/live', { robotId: robot.robotId, camera: 'front' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { url: string; kind: string; expiresAt: number };
    expect(data.url).toMatch(new RegExp(`^/api/media/live/${robot.serial}/front/index\\.m3u8\\?t=`));
    expect(data.kind).toBe('hls');
    expect(data.expiresAt).toBeGreaterThan(Date.now());
    const missing = await get('/api/video/live', { robotId: robot.robotId, camera: 'side' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The robot has no such camera');
    expect((await get('/api/video/live', { robotId: other.robotId, camera: 'front' })).statusCode).toBe(404);
    expect((await get('/api/video/live', { robotId: robot.robotId, camera: 'front' }, outsider)).statusCode).toBe(404);
    expect((await get('/api/video/live', { robotId: robot.robotId, camera: 'front' }, stranger)).statusCode).toBe(404);
  });

  it("answers 409 with the spec's messages when a template is not configured, and fills an outside one", async () => {
    const platform = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const update = (values: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/system-server/tenant/update',
        headers: as(platform),
        payload: {
          tenantId,
          tenantName: 'Video tenant',
          adminPhone: '13800000000',
          adminName: 'Admin',
          adminEmail: 'admin@example.com',
          ...values,
        },
      });
    expect((await update({ videoStreamUrl: '', videoHistoryUrl: '', videoFileUrl: '' })).statusCode).toBe(200);
    const range = { from: Date.now() - 60_000, to: Date.now() };
    const live = await get('/api/video/live', { robotId: robot.robotId, camera: 'front' });
    expect([live.statusCode, live.json().message]).toEqual([409, 'No streaming address is configured']);
    const history = await get('/api/video/history', { robotId: robot.robotId, camera: 'front', ...range });
    expect([history.statusCode, history.json().message]).toEqual([409, 'No history video URL is configured']);
    const clip = await get('/api/video/clip', { robotId: robot.robotId, camera: 'front', ...range });
    expect([clip.statusCode, clip.json().message]).toEqual([409, 'No file access address is configured']);

    expect(
      (
        await update({
          videoStreamUrl: 'https://media.example.com/{serial}/{camera}/whep?token={token}',
          videoHistoryUrl: 'https://media.example.com/vod/{serial}_{camera}.m3u8?start={fromIso}&end={toIso}&t={token}',
        })
      ).statusCode,
    ).toBe(200);
    const whep = (await get('/api/video/live', { robotId: robot.robotId, camera: 'front' })).json().data;
    expect(whep.kind).toBe('whep');
    expect(whep.url).toMatch(new RegExp(`^https://media\\.example\\.com/${robot.serial}/front/whep\\?token=[\\w.-]+$`));
    const vod = (await get('/api/video/history', { robotId: robot.robotId, camera: 'front', ...range })).json().data;
    expect(vod.url).toContain(`start=${encodeURIComponent(new Date(range.from).toISOString())}`);
    expect(vod.recordings).toBeNull();
    // Back to the embedded defaults for the tests below.
    expect(
      (
        await update({
          videoStreamUrl: '/api/media/live/{serial}/{camera}/index.m3u8?t={token}',
          videoHistoryUrl: '/api/media/history/{serial}/{camera}/index.m3u8?from={from}&to={to}&t={token}',
          videoFileUrl: '/api/media/clip/{serial}/{camera}?from={from}&to={to}&t={token}',
        })
      ).statusCode,
    ).toBe(200);
  });

  it("takes a push only with the robot's media token, after a 401 that asks for Basic credentials", async () => {
    const none = await push(robot, 'front', '0.ts', segmentBytes(0));
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="media"');
    const mqttToken = await mediaToken(robot, { audience: '' });
    expect((await push(robot, 'front', '0.ts', segmentBytes(0), basic(robot.serial, mqttToken))).statusCode).toBe(401);
    const foreign = await mediaToken(other);
    expect((await push(robot, 'front', '0.ts', segmentBytes(0), basic(robot.serial, foreign))).statusCode).toBe(401);
    const good = await mediaToken(robot);
    expect((await push(robot, 'front', '0.ts', segmentBytes(0), basic(other.serial, good))).statusCode).toBe(401);
    expect((await push(robot, 'front', '0.ts', segmentBytes(0), basic(robot.serial, good))).statusCode).toBe(204);
    // The same token serves every PUT of the stream.
    expect((await push(robot, 'front', '1.ts', segmentBytes(1), basic(robot.serial, good))).statusCode).toBe(204);
  });

  it('serves the pushed segments live and from the recordings, each link only for its camera', async () => {
    const auth = basic(robot.serial, await mediaToken(robot));
    const t0 = Date.now() - 5000;
    const entries = [0, 1, 2, 3].map((i) => ({ name: `${i}.ts`, start: t0 + i * 1000, duration: 1000 }));
    for (const [i, e] of entries.entries()) {
      expect((await push(robot, 'rear', e.name, segmentBytes(10 + i), auth)).statusCode).toBe(204);
      expect((await push(robot, 'rear', 'index.m3u8', playlist(entries.slice(0, i + 1)), auth)).statusCode).toBe(204);
    }
    const liveUrl = (await get('/api/video/live', { robotId: robot.robotId, camera: 'rear' })).json().data
      .url as string;
    const live = await t.app.inject({ method: 'GET', url: liveUrl });
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    const lines = live.body.split('\n');
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(lines).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(t0).toISOString()}`);
    const uris = lines.filter((l) => l && !l.startsWith('#'));
    expect(uris).toHaveLength(4);
    for (const uri of uris) expect(uri).toContain(`?t=${encodeURIComponent(tokenOf(liveUrl))}`);
    const segment = await t.app.inject({
      method: 'GET',
      url: new URL(uris[2]!, `http://x${liveUrl}`).pathname + new URL(uris[2]!, `http://x${liveUrl}`).search,
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.equals(segmentBytes(12))).toBe(true);

    // The front camera's token does not open the rear camera.
    const frontUrl = (await get('/api/video/live', { robotId: robot.robotId, camera: 'front' })).json().data
      .url as string;
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/media/live/${robot.serial}/rear/index.m3u8?t=${encodeURIComponent(tokenOf(frontUrl))}`,
      headers: { lang: 'en-US' },
    });
    expect([crossed.statusCode, crossed.json().message]).toEqual([403, 'The play link has expired or is not valid']);

    const range = { from: t0 - 60_000, to: Date.now() + 1000 };
    const history = (await get('/api/video/history', { robotId: robot.robotId, camera: 'rear', ...range })).json().data;
    expect(history.recordings).toEqual([{ from: t0, to: t0 + 4000 }]);
    const vod = await t.app.inject({ method: 'GET', url: history.url });
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(vod.body.split('\n').filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME'))).toHaveLength(4);

    const clip = (
      await get('/api/video/clip', { robotId: robot.robotId, camera: 'rear', from: t0, to: t0 + 2500 })
    ).json().data;
    const file = await t.app.inject({ method: 'GET', url: clip.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${robot.serial}-rear-${t0}.ts"`);
    expect(file.rawPayload.equals(Buffer.concat([segmentBytes(10), segmentBytes(11), segmentBytes(12)]))).toBe(true);
  });

  it('refuses expired and forged tokens', async () => {
    const secret = await loadMediaSecret(t.db, null);
    const expired = signPlayToken(secret, { serial: robot.serial, camera: 'rear', exp: Date.now() - 1, userId: 1 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/media/live/${robot.serial}/rear/index.m3u8?t=${expired}`,
      headers: { lang: 'en-US' },
    });
    expect([res.statusCode, res.json().message]).toEqual([403, 'The play link has expired or is not valid']);
    const forged = signPlayToken(Buffer.alloc(32, 7), {
      serial: robot.serial,
      camera: 'rear',
      exp: Date.now() + 60_000,
      userId: 1,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/live/${robot.serial}/rear/index.m3u8?t=${forged}` }))
        .statusCode,
    ).toBe(403);
    const valid = signPlayToken(secret, { serial: robot.serial, camera: 'rear', exp: Date.now() + 60_000, userId: 1 });
    const mac = valid.split('.')[1]!;
    const longer = JSON.stringify({ s: robot.serial, c: 'rear', e: Date.now() + 9e9, u: 1 });
    const tampered = `${Buffer.from(longer).toString('base64url')}.${mac}`;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/live/${robot.serial}/rear/index.m3u8?t=${tampered}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/live/${robot.serial}/rear/index.m3u8` })).statusCode,
    ).toBe(403);
  });

  it('answers MediaMTX and ZLMediaKit: publish with the media token, read with a play token of that stream', async () => {
    const secret = await loadMediaSecret(t.db, null);
    const play = signPlayToken(secret, { serial: robot.serial, camera: 'front', exp: Date.now() + 60_000, userId: 1 });
    const mtx = (body: object) => t.app.inject({ method: 'POST', url: '/api/media/auth/mediamtx', payload: body });
    const media = await mediaToken(robot);
    expect(
      (await mtx({ action: 'publish', user: robot.serial, password: media, path: `${robot.serial}/front` })).statusCode,
    ).toBe(200);
    expect(
      (await mtx({ action: 'publish', user: '', password: media, path: `${robot.serial}_front` })).statusCode,
    ).toBe(200);
    expect(
      (await mtx({ action: 'publish', user: other.serial, password: media, path: `${other.serial}/front` })).statusCode,
    ).toBe(401);
    expect(
      (await mtx({ action: 'publish', user: robot.serial, password: 'x', path: `${robot.serial}/front` })).statusCode,
    ).toBe(401);
    expect((await mtx({ action: 'read', path: `${robot.serial}/front`, query: `t=${play}` })).statusCode).toBe(200);
    expect((await mtx({ action: 'read', path: `${robot.serial}/rear`, query: `t=${play}` })).statusCode).toBe(401);
    expect((await mtx({ action: 'playback', path: `${robot.serial}_front`, query: `t=${play}` })).statusCode).toBe(200);
    expect((await mtx({ action: 'api', path: '', query: `t=${play}` })).statusCode).toBe(401);

    const zlm = async (body: object) =>
      (await t.app.inject({ method: 'POST', url: '/api/media/auth/zlmediakit', payload: body })).json() as {
        code: number;
      };
    expect((await zlm({ app: 'live', stream: `${robot.serial}_front`, params: `t=${play}` })).code).toBe(0);
    expect((await zlm({ app: robot.serial, stream: 'front', params: `t=${play}` })).code).toBe(0);
    expect((await zlm({ app: 'live', stream: `${robot.serial}_rear`, params: `t=${play}` })).code).toBe(-1);
    expect((await zlm({ app: 'live', stream: `${robot.serial}_front`, params: '' })).code).toBe(-1);
  });

  it('remembers the layout per user; tiles of robots the user can no longer see come back empty', async () => {
    expect((await get('/api/video/layout')).json().data).toEqual({ grid: 4, tiles: [] });
    const layout = {
      grid: 4,
      tiles: [{ robotId: robot.robotId, camera: 'front' }, null, { robotId: other.robotId, camera: 'front' }],
    };
    const saved = await t.app.inject({ method: 'POST', url: '/api/video/layout', headers: as(token), payload: layout });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/video/layout')).json().data).toEqual({
      grid: 4,
      tiles: [{ robotId: robot.robotId, camera: 'front' }, null, null],
    });
    // Another user has a layout of their own.
    await t.app.inject({
      method: 'POST',
      url: '/api/video/layout',
      headers: as(outsider),
      payload: { grid: 1, tiles: [{ robotId: robot.robotId, camera: 'front' }] },
    });
    expect((await get('/api/video/layout', {}, outsider)).json().data).toEqual({ grid: 1, tiles: [null] });
    expect((await get('/api/video/layout')).json().data.grid).toBe(4);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/video/layout',
      headers: as(token),
      payload: { grid: 3, tiles: [] },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the retention sweep', () => {
  it('deletes hours past the retention, then the oldest hours while the disk holds more than the bound', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'patrol-sweep-'));
    try {
      const now = Date.UTC(2026, 0, 2, 12, 30);
      const H = 3600_000;
      const write = async (robotId: number, camera: string, at: number, bytes: number) => {
        const dir = path.join(root, String(robotId), camera, hourOf(at));
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, `${at}_1000.ts`), Buffer.alloc(bytes));
      };
      await write(1, 'front', now - 30 * H, 100); // past a 24 h retention
      await write(1, 'front', now - 5 * H, 400);
      await write(2, 'rear', now - 3 * H, 400);
      await write(1, 'front', now - 1 * H, 400);
      await write(1, 'front', now, 400); // the current hour
      const store = createVideoStore({ root, retentionHours: 24, maxBytes: 1000 });
      expect(await store.sweep(now)).toBe(3);
      const left = async (robotId: number, camera: string) =>
        (await readdir(path.join(root, String(robotId), camera))).sort();
      expect(await left(1, 'front')).toEqual([hourOf(now - H), hourOf(now)]);
      expect(await left(2, 'rear')).toEqual([]);
      expect(store.stats(now).bytesOnDisk).toBe(800);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
