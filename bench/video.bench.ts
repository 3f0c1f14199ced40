// Live video on the embedded path, measured end to end: the real server (`npm run build` first), a
// fleet of BENCH_CAMERAS (16) simulated robots whose one camera each is rendered and encoded by
// ffmpeg and pushed to the server as HLS, and the video monitoring page in Chromium (playwright-core)
// with every camera in a tile of the 16-tile grid.
//   - Latency from robot frame to screen: every 250 ms the page draws each playing video to a canvas
//     and reads the time code the simulator burned into the frame (`readTimeCode`, the same code
//     that drew it); latency = the page's clock minus the frame's. p50/p95 over all samples.
//   - The server's CPU per live stream: the server process's CPU time over the window (from
//     /proc/<pid>/stat), as a share of one core, divided by the cameras.
//   - The console's main thread with 16 tiles playing: frame times (requestAnimationFrame) p50/p95
//     and long tasks. Target: frame p95 <= 33 ms.
// BENCH_SECONDS (20) per window. Asserts nothing; prints the figures.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { startFleet } from '@patrol/robot-sim';
import { ms, percentile, startServer } from './server-process.js';

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WEB_DIST = path.resolve(
  process.env.BENCH_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Bench-video-1x';
const TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error(`No built console in ${WEB_DIST}: run \`npm run build\` first.`);
  process.exit(1);
}

// The time code reader, bundled for the page from the contracts' own source.
const reader = await build({
  entryPoints: [fileURLToPath(new URL('../packages/contracts/src/video-timecode.ts', import.meta.url))],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'timeCode',
  platform: 'browser',
});
const readerSource = reader.outputFiles[0]!.text;

console.log(`video bench: ${CAMERAS} cameras (1 per robot, 320x240 10 fps HLS), ${SECONDS} s windows`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD, WEB_DIST });
const fleet = await startFleet({
  apiUrl: server.url,
  brokerUrl: server.mqttUrl,
  account: 'admin',
  password: PASSWORD,
  robots: CAMERAS,
  prefix: `V${process.pid}`,
  keysFile: null,
  telemetryMs: 1000,
  eventChance: 0,
  uploadChance: 0,
  alarmChance: 0,
  cameras: [{ id: 'front', name: 'Front' }],
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  // The time code reader is added to the page as a script: the console's CSP would refuse it.
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
  await page.goto(server.url);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/home/);

  // Every camera in a tile of the 16-tile grid, saved as the user's layout, then the panel opened.
  // In-page code as text: the bench is compiled without the DOM's types.
  const auth = (await page.evaluate(
    `({ authorization: 'Bearer ' + (localStorage.getItem('token') ?? ''), 'tenant-id': localStorage.getItem('tenantId') ?? '1' })`,
  )) as Record<string, string>;
  const robots = fleet.robots.map((r) => r.serial);
  let ids: number[] = [];
  for (let i = 0; i < 60 && ids.length < CAMERAS; i++) {
    const res = await page.request.get(`${server.url}/api/video/cameras`, { headers: auth });
    const list = ((await res.json()) as { data: { robotId: number; serialNumber: string; cameras: unknown[] }[] }).data;
    ids = list.filter((r) => robots.includes(r.serialNumber) && r.cameras.length > 0).map((r) => r.robotId);
    if (ids.length < CAMERAS) await page.waitForTimeout(1000);
  }
  await page.request.post(`${server.url}/api/video/layout`, {
    headers: auth,
    data: { grid: 16, tiles: ids.slice(0, 16).map((robotId) => ({ robotId, camera: 'front' })) },
  });
  await page.goto(`${server.url}/#/data/panel`);
  await page.addScriptTag({ content: readerSource });
  // Wait until every tile plays.
  await page.waitForFunction(
    `Array.from(document.querySelectorAll('video')).filter((v) => v.currentTime > 1).length >= ${Math.min(CAMERAS, 16)}`,
    undefined,
    { timeout: 120_000, polling: 500 },
  );

  const cpuBefore = cpuSeconds(server.pid);
  const wallBefore = performance.now();
  const result = (await page.evaluate(`new Promise((resolve) => {
    const latencies = [];
    let unread = 0;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const sample = setInterval(() => {
      for (const video of document.querySelectorAll('video')) {
        if (!video.videoWidth || video.paused) continue;
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        const at = timeCode.readTimeCode(pixels, canvas.width, canvas.height, 4);
        if (at === null) unread++;
        else latencies.push(Date.now() - at);
      }
    }, 250);
    const frames = [];
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
    observer.observe({ type: 'longtask' });
    let last = performance.now();
    const end = last + ${SECONDS * 1000};
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick);
      else {
        clearInterval(sample);
        observer.disconnect();
        const playing = Array.from(document.querySelectorAll('video')).filter((v) => !v.paused && v.currentTime > 0).length;
        resolve({ latencies, unread, frames, longTasks, playing });
      }
    };
    requestAnimationFrame(tick);
  })`)) as { latencies: number[]; unread: number; frames: number[]; longTasks: number; playing: number };
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);

  const lat = result.latencies.sort((a, b) => a - b);
  const frames = result.frames.slice(1).sort((a, b) => a - b);
  console.log(`tiles playing      ${result.playing}`);
  console.log(
    `frame to screen    p50 ${ms(percentile(lat, 50))}  p95 ${ms(percentile(lat, 95))}  ` +
      `(${lat.length} frames read, ${result.unread} unreadable)`,
  );
  console.log(
    `server CPU         ${(cpu * 100).toFixed(1)} % of a core for ${CAMERAS} live streams: ` +
      `${((cpu * 100) / CAMERAS).toFixed(2)} % per stream`,
  );
  console.log(
    `console frames     p50 ${ms(percentile(frames, 50))}  p95 ${ms(percentile(frames, 95))}  ` +
      `long tasks ${result.longTasks} in ${SECONDS} s (target p95 <= 33 ms)`,
  );
} finally {
  await browser.close();
  await fleet.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
