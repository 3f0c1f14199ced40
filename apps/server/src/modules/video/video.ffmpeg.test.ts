import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { saveCameras } from './video.repository.js';
import { mediaToken } from './video.fixtures.js';

const require = createRequire(import.meta.url);
// The package has no main: its binary sits next to its package.json.
const FFMPEG = path.join(path.dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
const GRANTS = ['POST /api/robot-server/robot/create', 'GET /api/video/live', 'GET /api/video/history'];

describe('a real ffmpeg pushing HLS to the embedded media routes', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let robot: RegisteredRobot;
  let ffmpeg: ChildProcess | undefined;
  let base: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-ffmpeg-'));
    t = await createTestApp({ dataDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, admin.account, admin.password);
    robot = await registerRobot(t, token);
    await saveCameras(t.db, robot.serial, [{ id: 'front', name: 'Front' }]);
  });
  afterAll(async () => {
    if (ffmpeg && ffmpeg.exitCode === null && ffmpeg.signalCode === null) {
      const exited = new Promise((resolve) => ffmpeg!.once('exit', resolve));
      ffmpeg.kill('SIGKILL');
      await exited;
    }
    // ffmpeg's and fetch's kept-alive connections would hold the close.
    t?.app.server.closeAllConnections();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the pushed stream live and keeps it for history', { timeout: 60_000 }, async () => {
    const secret = await mediaToken(robot);
    const target = `http://${robot.serial}:${secret}@127.0.0.1:${new URL(base).port}/api/media/ingest/${robot.serial}/front`;
    const started = Date.now();
    ffmpeg = spawn(
      FFMPEG,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        ...['-g', '10', '-keyint_min', '10', '-sc_threshold', '0'],
        ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '4', '-hls_flags', 'program_date_time+omit_endlist'],
        ...[
          '-method',
          'PUT',
          '-http_persistent',
          '1',
          '-hls_segment_filename',
          `${target}/%d.ts`,
          `${target}/index.m3u8`,
        ],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    ffmpeg.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));

    const play = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/video/live?robotId=${robot.robotId}&camera=front`,
        headers: as(token),
      });
      return res.json().data.url as string;
    };
    const liveUrl = await play();
    // The first segment is refused (ffmpeg sends its credentials after the 401); the next ones are taken.
    const playlist = await until(
      async () => {
        const res = await fetch(`${base}${liveUrl}`);
        if (res.status !== 200) return null;
        const text = await res.text();
        return text.split('\n').filter((l) => l && !l.startsWith('#')).length >= 2 ? text : null;
      },
      30_000,
      `a live playlist (ffmpeg: ${errors})`,
    );
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    const uri = playlist.split('\n').find((l) => l && !l.startsWith('#'))!;
    const segment = await fetch(new URL(uri, `${base}${liveUrl}`));
    expect(segment.status).toBe(200);
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(188);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte

    const exited = new Promise((resolve) => ffmpeg!.once('exit', resolve));
    ffmpeg.kill('SIGKILL');
    await exited;
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/video/history?robotId=${robot.robotId}&camera=front&from=${started - 60_000}&to=${Date.now() + 5000}`,
      headers: as(token),
    });
    const data = history.json().data as { url: string; recordings: { from: number; to: number }[] };
    expect(data.recordings.length).toBeGreaterThan(0);
    const vod = await (await fetch(`${base}${data.url}`)).text();
    expect(vod).toContain('#EXT-X-ENDLIST');
    const stored = vod.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect((await fetch(new URL(stored[0]!, `${base}${data.url}`))).status).toBe(200);
  });
});
