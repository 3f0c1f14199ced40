import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { jwtVerify } from 'jose';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  MEDIA_TOKEN_AUDIENCE,
  readTimeCode,
  robotOnline,
  type RobotOnline,
} from '@patrol/contracts';
import { CAMERA_FRAME_HEIGHT, CAMERA_FRAME_WIDTH } from './camera-frame.js';
import { ingestUrls, resolveFfmpeg } from './camera.js';
import { SimRobot } from './robot.js';
import { makeRoute } from './route.js';

type Put = { path: string; user: string; password: string; body: Buffer; at: number };

const ffmpeg = resolveFfmpeg();

/** The ffmpeg processes whose parent is this test process. */
function ffmpegChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'ffmpeg' && ppid === process.pid) pids.push(Number(entry));
    } catch {
      // Gone while listing.
    }
  }
  return pids;
}

/** The first frame of an MPEG-TS segment as raw RGB, decoded by the same ffmpeg. */
function firstFrame(segment: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg!, [
      '-loglevel',
      'error',
      '-i',
      '-',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-frames:v',
      '1',
      '-',
    ]);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stdin.on('error', () => {});
    child.once('error', reject);
    child.once('close', () => resolve(Buffer.concat(out)));
    child.stdin.end(segment);
  });
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe.skipIf(!ffmpeg)('simulated cameras (real ffmpeg)', () => {
  let broker: Aedes;
  let mqttServer: Server;
  let brokerUrl: string;
  let http: HttpServer;
  let consoleUrl: string;
  const puts: Put[] = [];
  let refused = 0;

  beforeAll(async () => {
    broker = await Aedes.createBroker();
    mqttServer = createServer(broker.handle);
    await new Promise<void>((resolve) => mqttServer.listen(0, '127.0.0.1', resolve));
    const address = mqttServer.address();
    brokerUrl = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // Stands in for the console's ingest route: a challenge without credentials, else it records.
    http = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Basic ')) {
          refused++;
          res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="media"' }).end();
          return;
        }
        const decoded = Buffer.from(auth.slice(6), 'base64').toString();
        const colon = decoded.indexOf(':');
        if (req.method === 'PUT') {
          puts.push({
            path: req.url ?? '',
            user: decoded.slice(0, colon),
            password: decoded.slice(colon + 1),
            body: Buffer.concat(chunks),
            at: Date.now(),
          });
        }
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const httpAddress = http.address();
    consoleUrl = `http://127.0.0.1:${typeof httpAddress === 'object' && httpAddress ? httpAddress.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => mqttServer.close(() => resolve()));
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  const keys = () => {
    const pair = generateKeyPairSync('ed25519');
    return {
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  };
  const robot = (serial: string, privateKey: string) =>
    new SimRobot({
      serial,
      privateKey,
      keyVersion: 3,
      brokerUrl,
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
      eventChance: 0,
      uploadChance: 0,
      cameras: [{ id: 'front', name: 'Front' }],
      consoleUrl,
    });

  it('announces its cameras and pushes HLS with its serial and a media token; the picture carries the time', async () => {
    const { privateKey, publicKey } = keys();
    const sim = robot('SIM-CAM1', privateKey);
    const watcher = await mqtt.connectAsync(brokerUrl, { clientId: 'watcher-1' });
    const online = new Promise<RobotOnline>((resolve) =>
      watcher.on('message', (_topic, payload) => resolve(robotOnline.parse(JSON.parse(payload.toString())))),
    );
    await watcher.subscribeAsync('patrol/SIM-CAM1/online', { qos: 1 });
    await sim.connect();
    try {
      expect(await online).toMatchObject({ online: true, cameras: [{ id: 'front', name: 'Front' }] });
      const base = '/api/media/ingest/SIM-CAM1/front/';
      const segments = () => puts.filter((p) => p.path.startsWith(base) && p.path.endsWith('.ts'));
      const playlists = () => puts.filter((p) => p.path === `${base}index.m3u8`);
      expect(await until(() => segments().length >= 2 && playlists().length >= 2, 8000)).toBe(true);

      // ffmpeg sends the credentials after the challenge; every request carries the same ones.
      expect(refused).toBeGreaterThanOrEqual(1);
      const mine = puts.filter((p) => p.path.startsWith(base));
      expect(new Set(mine.map((p) => p.user))).toEqual(new Set(['SIM-CAM1']));
      expect(new Set(mine.map((p) => p.password)).size).toBe(1);
      const { payload } = await jwtVerify(mine[0]!.password, createPublicKey(publicKey), {
        algorithms: ['EdDSA'],
        audience: MEDIA_TOKEN_AUDIENCE,
        subject: 'SIM-CAM1',
      });
      expect(payload.kv).toBe(3);

      // The playlist names each segment with its duration and its moment on the wall clock.
      const playlist = playlists().at(-1)!.body.toString();
      const entries = [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n#EXT-X-PROGRAM-DATE-TIME:(\S+)\s*\n(\S+)/g)];
      expect(entries.length).toBeGreaterThanOrEqual(1);
      const [, duration, dateTime, uri] = entries.at(-1)!;
      expect(Number(duration)).toBeGreaterThan(0.5);
      const segment = segments().find((p) => p.path === `${base}${uri}`);
      expect(segment).toBeDefined();

      // Decoded back to pixels, its first frame reads the moment it was painted.
      const frame = await firstFrame(segment!.body);
      expect(frame.length).toBe(CAMERA_FRAME_WIDTH * CAMERA_FRAME_HEIGHT * 3);
      const painted = readTimeCode(frame, CAMERA_FRAME_WIDTH, CAMERA_FRAME_HEIGHT, 3);
      expect(painted).not.toBeNull();
      expect(Math.abs(painted! - Date.now())).toBeLessThan(6000);
      // The segment starts at the moment the playlist gives it (ffmpeg stamps whole seconds).
      const startsAt = Date.parse(dateTime!.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
      expect(Math.abs(painted! - startsAt)).toBeLessThan(500);
    } finally {
      await sim.disconnect();
      await watcher.endAsync();
    }
    expect(ffmpegChildren()).toEqual([]);
  }, 20_000);

  it('starts ffmpeg again when it dies, and leaves none running after stop', async () => {
    const sim = robot('SIM-CAM2', keys().privateKey);
    await sim.connect();
    try {
      const camera = sim.cameraProcesses[0]!;
      expect(await until(() => camera.pid !== undefined, 3000)).toBe(true);
      const first = camera.pid!;
      process.kill(first, 'SIGKILL');
      expect(await until(() => camera.pid !== undefined && camera.pid !== first, 5000)).toBe(true);
      expect(camera.starts).toBe(2);
      const before = puts.length;
      expect(
        await until(() => puts.slice(before).some((p) => p.path.startsWith('/api/media/ingest/SIM-CAM2/')), 5000),
      ).toBe(true);
    } finally {
      await sim.disconnect();
    }
    expect(sim.cameraProcesses[0]!.live).toBe(false);
    expect(ffmpegChildren()).toEqual([]);
  }, 20_000);
});

describe('camera plumbing', () => {
  it('puts the serial and the token, URL-encoded, in the userinfo of the ingest URLs', () => {
    const urls = ingestUrls('http://console.example:8080/', 'SIM 1', 'front', 'a.b+c');
    expect(urls.playlist).toBe('http://SIM%201:a.b%2Bc@console.example:8080/api/media/ingest/SIM%201/front/index.m3u8');
    expect(urls.segments).toBe('http://SIM%201:a.b%2Bc@console.example:8080/api/media/ingest/SIM%201/front/%d.ts');
  });

  it('gives a robot no cameras to announce or stream without the console to stream to', () => {
    const options = {
      serial: 'SIM-CAM3',
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyVersion: 1,
      brokerUrl: 'mqtt://127.0.0.1:1',
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
      cameras: [{ id: 'front', name: 'Front' }],
    };
    expect(new SimRobot(options).cameras).toEqual([]);
    expect(new SimRobot(options).cameraProcesses).toEqual([]);
    const streaming = new SimRobot({ ...options, consoleUrl: 'http://127.0.0.1:1' });
    expect(streaming.cameras).toEqual([{ id: 'front', name: 'Front' }]);
    expect(streaming.cameraProcesses.map((c) => c.id)).toEqual(['front']);
  });

  it('runs FFMPEG_PATH first, then ffmpeg on the PATH, then the packaged binary', () => {
    expect(resolveFfmpeg({ FFMPEG_PATH: '/opt/ff/ffmpeg', PATH: '/usr/bin' })).toBe('/opt/ff/ffmpeg');
    expect(resolveFfmpeg({ PATH: '/nowhere' })).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
  });
});
