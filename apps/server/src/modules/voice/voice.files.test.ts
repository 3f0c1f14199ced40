import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIO_FILE_MAX_BYTES, type AudioFileRow, type AudioFileUrl, type AudioUploadResult } from '@patrol/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { frameRun, FRAME_BYTES, tone } from '../../../test/fixtures/audio/ffmpeg.js';
import { connectAudioRobot, playingState } from '../../../test/fixtures/audio/robot.js';
import { FILE_GRANTS, multipartBody } from '../../../test/fixtures/audio/upload.js';
import { registerRobot, until } from '../../../test/robots.js';
import { byteRange, signAudioToken } from './voice.media.js';
import { audioFiles } from './voice.tables.js';

describe('audio files', () => {
  let t: TestApp;
  let dataDir: string;
  let tenantId: number;
  let token: string;
  let stranger: string;
  let noGrant: string;
  let song: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-voice-'));
    // On disk, as a single instance on PGlite keeps files (FILE_STORAGE's default there); the
    // database storage is used by the two instances below.
    t = await createTestApp({ dataDir, fileStorage: 'disk' });
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: FILE_GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, admin.account, admin.password);
    const other = (await makeTenant(t)).id;
    const otherAdmin = await makeUser(t, other, { grants: FILE_GRANTS, roleCodes: ['tenantAdmin'] });
    stranger = await login(t.app, otherAdmin.account, otherAdmin.password);
    const plain = await makeUser(t, tenantId, { grants: ['GET /api/voice/files'] });
    noGrant = await login(t.app, plain.account, plain.password);
    song = await tone({ seconds: 3, kbps: 128, title: 'Gate' });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, fileName: string, name?: string, who = token) => {
    const body = await multipartBody(bytes, fileName, name);
    return t.app.inject({
      method: 'POST',
      url: '/api/voice/files/upload',
      headers: as(who, { lang: 'en-US', 'content-type': body.contentType }),
      payload: body.payload,
    });
  };
  const post = (url: string, payload: object, who = token) =>
    t.app.inject({ method: 'POST', url, headers: as(who, { lang: 'en-US' }), payload });
  const get = (url: string, who = token) => t.app.inject({ method: 'GET', url, headers: as(who, { lang: 'en-US' }) });
  const rowsOf = async (id: number) =>
    (await t.db.select({ n: count() }).from(audioFiles).where(eq(audioFiles.tenantId, id)))[0]!.n;
  const stored = async (bytes: Buffer) =>
    t.app.storage.get(`audio/${tenantId}/${createHash('sha256').update(bytes).digest('hex')}.mp3`);
  const tempFiles = async () => readdir(path.join(dataDir, 'tmp', 'audio')).catch(() => []);

  it('takes a real MP3: its duration, bitrate and sample rate read from its frames, the uploader recorded', async () => {
    const res = await upload(song, 'C:\\music\\gate-notice.mp3');
    expect(res.statusCode).toBe(200);
    const { file, existing } = res.json().data as AudioUploadResult;
    expect(existing).toBe(false);
    expect(file).toMatchObject({
      name: 'gate-notice.mp3',
      durationMs: 3000,
      bitrate: 128,
      sampleRate: 44100,
      size: song.length,
    });
    expect(file.uploaderName).toMatch(/^User /);
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.app.storage.get(`audio/${tenantId}/${file.sha256}.mp3`);
    expect(stored?.bytes.equals(song)).toBe(true);
    expect(stored?.contentType).toBe('audio/mpeg');
    expect(await tempFiles()).toEqual([]);
  });

  it('answers the file there is for the same content, once per tenant', async () => {
    const before = await rowsOf(tenantId);
    const res = await upload(song, 'again.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ existing: true, file: { name: 'gate-notice.mp3' } });
    expect(await rowsOf(tenantId)).toBe(before);
    // Another tenant keeps its own.
    const theirs = await upload(song, 'theirs.mp3', undefined, stranger);
    expect(theirs.json().data).toMatchObject({ existing: false, file: { name: 'theirs.mp3' } });
  });

  it('keeps one file when the same content is uploaded twice at once', async () => {
    const bytes = await tone({ seconds: 1, kbps: 48 });
    const before = await rowsOf(tenantId);
    const [a, b] = await Promise.all([upload(bytes, 'first.mp3'), upload(bytes, 'second.mp3')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json().data, b.json().data] as AudioUploadResult[];
    expect(answers[0]!.file.fileId).toBe(answers[1]!.file.fileId);
    expect(answers.map((r) => r.existing).sort()).toEqual([false, true]);
    expect(await rowsOf(tenantId)).toBe(before + 1);
    expect((await stored(bytes))?.bytes.equals(bytes)).toBe(true);
  });

  it('takes the name field over the file name, and refuses a bad one', async () => {
    const vbr = await tone({ seconds: 2, vbr: 4, channels: 2 });
    const bad = await upload(vbr, 'x.mp3', 'a/b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file name cannot contain / \\ or control characters');
    const res = await upload(vbr, 'x.mp3', '  Evening round  ');
    expect(res.json().data.file).toMatchObject({ name: 'Evening round', durationMs: 2000 });
  });

  it('refuses what is not MP3 by its content, whatever its name, and keeps nothing', async () => {
    const rows = await rowsOf(tenantId);
    const textBytes = Buffer.from('not music at all\n'.repeat(100));
    const text = await upload(textBytes, 'song.mp3');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only MP3 files can be uploaded');
    const wavBytes = await tone({ seconds: 1, format: 'wav' });
    const wav = await upload(wavBytes, 'song.mp3');
    expect(wav.statusCode).toBe(400);
    expect(wav.json().message).toBe('Only MP3 files can be uploaded');
    expect(await rowsOf(tenantId)).toBe(rows);
    expect(await stored(textBytes)).toBeNull();
    expect(await stored(wavBytes)).toBeNull();
    expect(await tempFiles()).toEqual([]);
  });

  it('asks for a file when the request has none', async () => {
    const form = new FormData();
    form.append('name', 'Nothing');
    const request = new Request('http://console/', { method: 'POST', body: form });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/voice/files/upload',
      headers: as(token, { lang: 'en-US', 'content-type': request.headers.get('content-type')! }),
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a file to upload');
    const json = await post('/api/voice/files/upload', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Choose a file to upload');
  });

  it('takes exactly 50 MB of MP3 frames and refuses one byte more, keeping nothing of it', async () => {
    // 91,022 frames of 576 bytes and a 128-byte ID3v1 tag: 52,428,800 bytes.
    const frames = Math.floor(AUDIO_FILE_MAX_BYTES / FRAME_BYTES);
    const exact = frameRun(frames, true);
    expect(exact.length).toBe(AUDIO_FILE_MAX_BYTES);
    const over = Buffer.concat([frameRun(frames, false), Buffer.alloc(129, 0x41)]);
    expect(over.length).toBe(AUDIO_FILE_MAX_BYTES + 1);

    const rows = await rowsOf(tenantId);
    const refused = await upload(over, 'big.mp3');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The file cannot be larger than 50 MB');
    expect(await rowsOf(tenantId)).toBe(rows);
    expect(await stored(over)).toBeNull();
    expect(await tempFiles()).toEqual([]);

    const res = await upload(exact, 'big.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.file).toMatchObject({ size: AUDIO_FILE_MAX_BYTES, bitrate: 128, sampleRate: 32000 });
    expect(res.json().data.file.durationMs).toBe(frames * 36);
    await post('/api/voice/files/delete', { fileId: res.json().data.file.fileId });
  }, 120_000);

  it('removes the partial upload when the client goes away', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const boundary = 'patrolboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    const rows = await rowsOf(tenantId);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/voice/files/upload',
      headers: {
        ...as(token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': 10_000_000,
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(frameRun(2000));
    // The part is being written to a temporary file...
    await until(async () => (await tempFiles()).length > 0, 8000, 'the temporary file');
    req.destroy();
    // ...and once the client is gone, nothing is left of it.
    await until(async () => (await tempFiles()).length === 0, 8000, 'the temporary file removed');
    expect(await rowsOf(tenantId)).toBe(rows);
  });

  it('lists the files with a keyword and sorting, and renames one', async () => {
    await upload(await tone({ seconds: 1, kbps: 64 }), 'short.mp3');
    const page = (await get('/api/voice/files?index=1&size=10&sortBy=durationMs&sortOrder=ascend')).json().data as {
      rows: AudioFileRow[];
      total: number;
    };
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.rows.map((r) => r.durationMs)).toEqual([...page.rows.map((r) => r.durationMs)].sort((a, b) => a - b));
    expect(page.rows.some((r) => r.name === 'theirs.mp3')).toBe(false);
    const found = (await get('/api/voice/files?index=1&size=10&keyword=short')).json().data;
    expect(found.rows.map((r: AudioFileRow) => r.name)).toEqual(['short.mp3']);

    const renamed = await post('/api/voice/files/rename', { fileId: found.rows[0].fileId, name: 'Short notice' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ fileId: found.rows[0].fileId, name: 'Short notice' });
    const tooLong = await post('/api/voice/files/rename', { fileId: found.rows[0].fileId, name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(422);
  });

  it('serves a file through its signed URL, in ranges too, and refuses an altered or expired one', async () => {
    const file = (await upload(song, 'gate.mp3')).json().data.file as AudioFileRow;
    const signed = (await get(`/api/voice/files/url?fileId=${file.fileId}`)).json().data as AudioFileUrl;
    expect(signed.url).toMatch(new RegExp(`^/api/media/audio/${file.fileId}\\?t=`));
    expect(signed.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);

    const whole = await t.app.inject({ method: 'GET', url: signed.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(song)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: signed.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${song.length}`);
    expect(part.rawPayload.equals(song.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: signed.url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(song.subarray(song.length - 10))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: signed.url, headers: { range: `bytes=${song.length}-` } });
    expect(beyond.statusCode).toBe(416);

    const token = new URL(signed.url, 'http://x').searchParams.get('t')!;
    // One character of the signature changed (to another: the same letter would leave it valid).
    const altered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;
    for (const url of [
      `/api/media/audio/${file.fileId}?t=${encodeURIComponent(altered)}`,
      `/api/media/audio/${file.fileId}`,
      `/api/media/audio/${file.fileId + 1}?t=${encodeURIComponent(token)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { lang: 'en-US' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('The audio link has expired or is not valid');
    }
    const secret = await t.app.voice.files.secret();
    const expired = signAudioToken(secret, { tenantId, fileId: file.fileId, exp: Date.now() - 1 });
    const old = await t.app.inject({ method: 'GET', url: `/api/media/audio/${file.fileId}?t=${expired}` });
    expect(old.statusCode).toBe(403);
    // A token made with another secret is refused.
    const forged = signAudioToken(Buffer.from('another secret'), {
      tenantId,
      fileId: file.fileId,
      exp: Date.now() + 60_000,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/media/audio/${file.fileId}?t=${forged}` })).statusCode).toBe(
      403,
    );
  });

  it('refuses to delete a file while a robot plays it, naming the robot; then deletes it and its content', async () => {
    const file = (await upload(await tone({ seconds: 2, kbps: 96 }), 'patrol.mp3')).json().data.file as AudioFileRow;
    const robot = await registerRobot(t, token);
    const sim = await connectAudioRobot(t, robot);
    try {
      await sim.sendAudio(playingState([file.fileId]));
      await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.state?.audio?.state === 'playing');
      const refused = await post('/api/voice/files/delete', { fileId: file.fileId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`Robot ${robot.serial} is playing this file; it cannot be deleted`);
      expect(await t.app.storage.get(`audio/${tenantId}/${file.sha256}.mp3`)).not.toBeNull();

      // Paused on another file of the playlist: still in use.
      await sim.sendAudio({ ...playingState([999_999, file.fileId], 'paused') });
      await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.state?.audio?.state === 'paused');
      expect((await post('/api/voice/files/delete', { fileId: file.fileId })).statusCode).toBe(409);

      await sim.sendAudio(playingState([file.fileId], 'idle'));
      await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.state?.audio?.state === 'idle');
      const signed = (await get(`/api/voice/files/url?fileId=${file.fileId}`)).json().data as AudioFileUrl;
      const deleted = await post('/api/voice/files/delete', { fileId: file.fileId });
      expect(deleted.statusCode).toBe(200);
      expect(await t.app.storage.get(`audio/${tenantId}/${file.sha256}.mp3`)).toBeNull();
      expect((await get(`/api/voice/files/url?fileId=${file.fileId}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: signed.url })).statusCode).toBe(404);
    } finally {
      await sim.close();
    }
  });

  it("answers 404 for another tenant's file on every route, and changes nothing of it", async () => {
    const theirs = (await get('/api/voice/files?index=1&size=10', stranger)).json().data.rows[0] as AudioFileRow;
    const rename = await post('/api/voice/files/rename', { fileId: theirs.fileId, name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().message).toBe('The audio file does not exist');
    expect((await post('/api/voice/files/delete', { fileId: theirs.fileId })).statusCode).toBe(404);
    expect((await get(`/api/voice/files/url?fileId=${theirs.fileId}`)).statusCode).toBe(404);
    const still = (await get('/api/voice/files?index=1&size=10', stranger)).json().data.rows[0] as AudioFileRow;
    expect(still).toEqual(theirs);
  });

  it('refuses every route to a role without its grant', async () => {
    const file = (await get('/api/voice/files?index=1&size=1')).json().data.rows[0] as AudioFileRow;
    expect((await get('/api/voice/files?index=1&size=1', noGrant)).statusCode).toBe(200);
    const body = await multipartBody(song, 'x.mp3');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/voice/files/upload',
      headers: as(noGrant, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(up.statusCode).toBe(403);
    expect((await post('/api/voice/files/rename', { fileId: file.fileId, name: 'n' }, noGrant)).statusCode).toBe(403);
    expect((await post('/api/voice/files/delete', { fileId: file.fileId }, noGrant)).statusCode).toBe(403);
    expect((await get(`/api/voice/files/url?fileId=${file.fileId}`, noGrant)).statusCode).toBe(403);
  });
});

/**
 * Two instances on one database (PostgreSQL when TEST_DATABASE_URL is set, each with its own pool;
 * else one PGlite shared in-process), files kept in the database: a file uploaded through one
 * instance is listed, signed and served by the other.
 */
describe('audio files across instances', () => {
  const apps: TestApp[] = [];
  const extra: Database[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let token: string;

  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    const second = made.url ? await openDatabase({ databaseUrl: made.url, pgliteDir: null }) : made.database;
    if (made.url) extra.push(second);
    for (const database of [made.database, second])
      apps.push(await createTestApp({ database, fileStorage: 'database' }));
    const tenantId = (await makeTenant(apps[0]!)).id;
    const admin = await makeUser(apps[0]!, tenantId, { grants: FILE_GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(apps[0]!.app, admin.account, admin.password);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const database of extra) await database.close();
    if (apps[0]) await apps[0].database.close();
    await drop();
  });

  it('serves through the second instance a file uploaded through the first', async () => {
    const [first, second] = [apps[0]!, apps[1]!];
    const bytes = await tone({ seconds: 2, kbps: 64, channels: 2 });
    const body = await multipartBody(bytes, 'shared.mp3');
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/voice/files/upload',
      headers: as(token, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const file = res.json().data.file as AudioFileRow;

    const listed = await second.app.inject({
      method: 'GET',
      url: '/api/voice/files?index=1&size=10',
      headers: as(token),
    });
    expect(listed.json().data.rows.map((r: AudioFileRow) => r.fileId)).toEqual([file.fileId]);
    // Signed by one, served by the other, both ways.
    for (const [signer, server] of [
      [first, second],
      [second, first],
    ] as const) {
      const url = (
        await signer.app.inject({
          method: 'GET',
          url: `/api/voice/files/url?fileId=${file.fileId}`,
          headers: as(token),
        })
      ).json().data.url as string;
      const content = await server.app.inject({ method: 'GET', url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(bytes)).toBe(true);
    }
  });
});

describe('byte ranges of the content route', () => {
  it('reads single ranges, serves several or malformed ones whole, and refuses ranges beyond the end', () => {
    expect(byteRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(byteRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRange('bytes=0-1,5-6', 10)).toBeNull();
    expect(byteRange('items=0-1', 10)).toBeNull();
    expect(byteRange(undefined, 10)).toBeNull();
    expect(byteRange('bytes=9-3', 10)).toBe('unsatisfiable');
    expect(byteRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 10)).toBe('unsatisfiable');
  });
});
