import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  REPLY_CODES,
  robotTelemetry,
  type AudioTrack,
  type RobotCommandReply,
  type RobotTelemetry,
} from '@patrol/contracts';
import { AudioPlayError, SimAudioPlayer } from './audio-player.js';
import { resolveFfmpeg } from './camera.js';
import { SimRobot } from './robot.js';
import { makeRoute } from './route.js';

const ffmpeg = resolveFfmpeg();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(10);
  return check();
};

describe.skipIf(!ffmpeg)('audio player of the simulated robot (real MP3 over HTTP)', () => {
  let http: HttpServer;
  let base: string;
  let mp3: Buffer;
  let sha256: string;
  const requests: string[] = [];

  beforeAll(async () => {
    // A real MP3: one second of 440 Hz, encoded by ffmpeg's LAME.
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-audio-'));
    const file = path.join(dir, 'tone.mp3');
    execFileSync(ffmpeg!, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-c:a', 'libmp3lame', '-b:a', '64k', file],
    ]);
    mp3 = readFileSync(file);
    rmSync(dir, { recursive: true });
    sha256 = createHash('sha256').update(mp3).digest('hex');
    http = createHttpServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url?.startsWith('/api/voice/content/')) {
        res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': mp3.length }).end(mp3);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  /** A playlist entry; `durationMs` short so that the modes show in a test's time. */
  const track = (fileId: number, extra: Partial<AudioTrack> = {}): AudioTrack => ({
    fileId,
    name: `Track ${fileId}`,
    url: `/api/voice/content/${fileId}?token=t`,
    sha256,
    durationMs: 150,
    size: mp3.length,
    ...extra,
  });

  it('checks the MP3 it downloads, plays a sequence to its end, and downloads a known content once', async () => {
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
    const player = new SimAudioPlayer({ serial: 'A1', consoleUrl: base });
    expect(player.snapshot(false)).toEqual({
      volume: 60,
      muted: false,
      mode: 'sequence',
      state: 'idle',
      playlist: [],
      current: null,
      announcing: false,
    });
    const before = requests.length;
    await player.play([track(1), track(2), track(3)], 'sequence');
    // One content, three entries: one download (the rest were known by their SHA-256).
    expect(requests.length - before).toBe(1);
    expect(player.snapshot(true)).toMatchObject({
      state: 'playing',
      playlist: [1, 2, 3],
      current: { fileId: 1, name: 'Track 1', durationMs: 150 },
      announcing: true,
    });
    expect(await until(() => player.state === 'idle', 2000)).toBe(true);
    expect(player.started).toEqual([1, 2, 3]);
    expect(player.snapshot(false).current).toBeNull();
    await player.play([track(4)], 'singleLoop');
    expect(requests.length - before).toBe(1);
    player.stop();
  });

  it('pauses and resumes where it was, goes next and back, loops one track, shuffles without repeats', async () => {
    const player = new SimAudioPlayer({ serial: 'A2', consoleUrl: base });
    await player.play([track(1, { durationMs: 400 }), track(2, { durationMs: 400 }), track(3)], 'sequence');
    await sleep(100);
    expect(player.pause()).toBe(true);
    const at = player.snapshot(false).current!.positionMs;
    expect(at).toBeGreaterThanOrEqual(80);
    await sleep(150);
    expect(player.snapshot(false).current!.positionMs).toBe(at);
    expect(player.pause()).toBe(false);
    expect(player.resume()).toBe(true);
    expect(player.resume()).toBe(false);
    await sleep(100);
    expect(player.snapshot(false).current!.positionMs).toBeGreaterThan(at + 50);
    expect(player.next()).toBe(true);
    expect(player.current?.fileId).toBe(2);
    expect(player.snapshot(false).current!.positionMs).toBeLessThan(50);
    expect(player.previous()).toBe(true);
    expect(player.current?.fileId).toBe(1);
    // Before the first comes the last.
    expect(player.previous()).toBe(true);
    expect(player.current?.fileId).toBe(3);

    player.setMode('singleLoop');
    await sleep(500);
    expect(player.started.slice(-3)).toEqual([3, 3, 3]);
    expect(player.state).toBe('playing');

    player.stop();
    expect(player.snapshot(false)).toMatchObject({ state: 'idle', playlist: [], current: null });
    expect(player.next()).toBe(false);

    // Shuffle: a random order without the same track twice in a row, round and round.
    const shuffle = new SimAudioPlayer({ serial: 'A2', consoleUrl: base });
    await shuffle.play(
      [track(1, { durationMs: 60 }), track(2, { durationMs: 60 }), track(3, { durationMs: 60 })],
      'shuffle',
    );
    await sleep(1500);
    const shuffled = [...shuffle.started];
    expect(shuffled.length).toBeGreaterThan(10);
    for (let i = 1; i < shuffled.length; i++) expect(shuffled[i]).not.toBe(shuffled[i - 1]);
    expect(new Set(shuffled)).toEqual(new Set([1, 2, 3]));
    // Previous in shuffle: the one played before.
    shuffle.pause();
    const played = [...shuffle.started];
    expect(shuffle.previous()).toBe(true);
    expect(shuffle.current?.fileId).toBe(played.at(-2));
    shuffle.stop();
  });
  it('refuses content that is not what the playlist says, and an HTTP error, naming the track', async () => {
    const player = new SimAudioPlayer({ serial: 'A3', consoleUrl: base });
    await expect(player.play([track(1, { sha256: 'a'.repeat(64) })], 'sequence')).rejects.toThrow(
      /"Track 1" does not match its SHA-256/,
    );
    await expect(player.play([track(2, { sha256: 'b'.repeat(64), size: mp3.length + 1 })], 'sequence')).rejects.toThrow(
      /"Track 2" is not the announced size/,
    );
    await expect(
      player.play([track(3, { sha256: 'c'.repeat(64), url: `${base}/missing.mp3` })], 'sequence'),
    ).rejects.toThrow(AudioPlayError);
    await expect(
      player.play([track(3, { sha256: 'c'.repeat(64), url: `${base}/missing.mp3` })], 'sequence'),
    ).rejects.toThrow(/HTTP 404/);
    expect(player.state).toBe('idle');
    // Without a console URL a relative address cannot be fetched.
    const bare = new SimAudioPlayer({ serial: 'A4' });
    await expect(bare.play([track(1, { sha256: 'd'.repeat(64) })], 'sequence')).rejects.toThrow(/cannot resolve/);
  });

  describe('through the robot (commands over MQTT)', () => {
    let broker: Aedes;
    let server: Server;
    let control: mqtt.MqttClient;
    let sim: SimRobot;
    const replies: RobotCommandReply[] = [];
    const states: RobotTelemetry[] = [];
    beforeAll(async () => {
      broker = await Aedes.createBroker();
      server = createServer(broker.handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      control = await mqtt.connectAsync(url, { clientId: 'audio-control' });
      await control.subscribeAsync(['patrol/+/cmd/reply', 'patrol/+/state'], { qos: 1 });
      control.on('message', (topic, payload) => {
        const body: unknown = JSON.parse(payload.toString());
        if (topic.endsWith('/cmd/reply')) replies.push(body as RobotCommandReply);
        else states.push(robotTelemetry.parse(body));
      });
      sim = new SimRobot({
        serial: 'SIM-A1',
        privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyVersion: 1,
        brokerUrl: url,
        route: makeRoute(DEFAULT_MAP_CENTER, 0),
        telemetryMs: 100,
        eventChance: 0,
        uploadChance: 0,
        consoleUrl: base,
      });
      await sim.connect();
    });
    afterAll(async () => {
      await sim.disconnect();
      await control.endAsync();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    let n = 0;
    /** Sends a command and waits for its replies (one when refused, else two). */
    const run = async (name: string, args: object = {}) => {
      const id = `a${++n}`;
      const now = Date.now();
      await control.publishAsync(
        'patrol/SIM-A1/cmd',
        JSON.stringify({ id, name, args, issuedAt: now, expiresAt: now + 30_000 }),
        { qos: 1 },
      );
      await until(() => {
        const got = replies.filter((r) => r.id === id);
        return got.length === 2 || got.some((r) => r.phase === 'sync' && r.code !== REPLY_CODES.ok);
      }, 5000);
      return replies.filter((r) => r.id === id).map((r) => [r.phase, r.code, r.message]);
    };
    const audio = () => states.at(-1)?.audio;

    it('acknowledges, then reports; refuses what makes no sense now; state.audio follows', async () => {
      expect(await run('audioPause')).toEqual([['sync', REPLY_CODES.rejected, 'not playing']]);
      expect(await run('audioResume')).toEqual([['sync', REPLY_CODES.rejected, 'not paused']]);
      expect(await run('audioNext')).toEqual([['sync', REPLY_CODES.rejected, 'nothing playing']]);
      expect((await run('audioVolume', { volume: 101 })).map((r) => r.slice(0, 2))).toEqual([
        ['sync', REPLY_CODES.invalid],
      ]);
      expect(await run('audioVolume', { volume: 35 })).toEqual([
        ['sync', REPLY_CODES.ok, undefined],
        ['async', REPLY_CODES.ok, 'idle'],
      ]);
      expect(await run('audioMute', { muted: true })).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'idle'],
      ]);
      expect(await until(() => audio()?.volume === 35 && audio()?.muted === true, 1000)).toBe(true);

      const tracks = [track(11, { durationMs: 5000 }), track(12, { durationMs: 5000 })];
      expect(await run('audioPlay', { tracks, mode: 'sequence' })).toEqual([
        ['sync', REPLY_CODES.ok, undefined],
        ['async', REPLY_CODES.ok, 'playing "Track 11"'],
      ]);
      expect(await until(() => audio()?.state === 'playing' && (audio()?.current?.positionMs ?? 0) > 100, 2000)).toBe(
        true,
      );
      expect(audio()).toMatchObject({
        playlist: [11, 12],
        current: { fileId: 11, durationMs: 5000 },
        mode: 'sequence',
      });
      expect(await run('audioPause')).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'paused'],
      ]);
      expect(await until(() => audio()?.state === 'paused', 1000)).toBe(true);
      expect(await run('audioResume')).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'playing'],
      ]);
      expect(await run('audioNext')).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'playing'],
      ]);
      expect(await until(() => audio()?.current?.fileId === 12, 1000)).toBe(true);
      expect(await run('audioPrevious')).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'playing'],
      ]);
      expect(await until(() => audio()?.current?.fileId === 11, 1000)).toBe(true);
      expect(await run('audioMode', { mode: 'singleLoop' })).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'playing'],
      ]);
      expect(await until(() => audio()?.mode === 'singleLoop', 1000)).toBe(true);
      expect(await run('audioStop')).toEqual([
        ['sync', 0, undefined],
        ['async', 0, 'idle'],
      ]);
      expect(await until(() => audio()?.state === 'idle' && audio()?.current === null, 1000)).toBe(true);

      // Content that is not the file's: the play fails, with the robot's reason.
      const forged = [track(13, { sha256: 'e'.repeat(64) })];
      const failed = await run('audioPlay', { tracks: forged, mode: 'sequence' });
      expect(failed[0]).toEqual(['sync', REPLY_CODES.ok, undefined]);
      expect(failed[1]).toEqual(['async', REPLY_CODES.failed, '"Track 13" does not match its SHA-256']);
      expect(sim.audio.state).toBe('idle');
    }, 30_000);
  });
});
