// Live video on the embedded path, measured end to end: the real server (`npm run build` first), a
// fleet of BENCH_CAMERAS (16) simulated robots whose one camera each is rendered and encoded by
// ffmpeg and pushed to the server as HLS, and the video monitoring page in Chromium (playwright-core)
// with every camera in a tile of the 16-tile grid.
//   - Latency from robot frame to screen (window 1): every 250 ms the page draws each playing video
//     to a canvas and reads the time code the simulator burned into the frame (`readTimeCode`, the
//     same code that drew it); latency = the page's clock minus the frame's. p50/p95 over all samples.
//   - The server's CPU per live stream (window 1): the server process's CPU time over the window
//     (from /proc/<pid>/stat), as a share of one core, divided by the cameras.
//   - The console's main thread with 16 tiles playing (window 2, where the bench reads no picture):
//     frame times (requestAnimationFrame) p50/p95 and long tasks. Target: frame p95 <= 33 ms, i.e.
//     one frame: headless Chromium paints at 30 Hz, so a frame is 33.3 ms and one dropped is 66.7.
//     Window 1's frames are printed too ("frames, reading"): the same page with the bench's reads.
//   - Who used the CPU in window 2 (from /proc): Chromium's processes, the ffmpeg encoders, the
//     bench process (which runs the simulator and paints its frames) and the server.
// BENCH_SECONDS (20) per window. Asserts nothing; prints the figures.
//
// Pinning (Linux only, `taskset`): on a site the cameras are encoded on the robots, not on the
// operator's machine. So, unless BENCH_PIN=0, the bench, the server, the simulator and its ffmpeg
// encoders share the first CPU, and Chromium has the second to itself; the pinning is printed.
// BENCH_PIN=0 (or a machine with one CPU or without taskset) runs everything unpinned.
// BENCH_TRACE=<file>: also writes a Chromium trace of window 2 (open it in DevTools' Performance
// panel) and prints where the page's main thread spent its time.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
const TRACE = process.env.BENCH_TRACE;

/** The CPUs this process may run on (Linux), from /proc. */
function allowedCpus(): number[] {
  const status = readFileSync('/proc/self/status', 'utf8');
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1] ?? '';
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return Array.from({ length: (to ?? from!) - from! + 1 }, (_, i) => from! + i);
  });
}

/** The two CPUs to pin to (the simulator side, Chromium), or null when the bench runs unpinned. */
function pinning(): [number, number] | null {
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux') return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  const cpus = allowedCpus();
  return cpus.length >= 2 ? [cpus[0]!, cpus[1]!] : null;
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
};

/**
 * Where the page's main thread spent its time over the trace: busy share, and the events that took
 * the most (the time of each event without the events inside it).
 */
function printMainThread(trace: { traceEvents: TraceEvent[] }) {
  const events = trace.traceEvents;
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((f) => f.pid === e.pid && f.name === 'FunctionCall'),
  );
  if (!main) return;
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; key: string }[] = [];
  let busy = 0;
  let first = Infinity;
  let last = 0;
  for (const e of onMain) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
    const key =
      e.name === 'FunctionCall'
        ? `FunctionCall ${String(e.args?.data?.url ?? '')
            .split('/')
            .pop()}`
        : e.name;
    if (stack.length === 0) {
      if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
      busy += e.dur!;
      first = Math.min(first, e.ts);
      last = Math.max(last, e.ts + e.dur!);
    } else {
      const parent = stack.at(-1)!;
      self.set(parent.key, (self.get(parent.key) ?? 0) - e.dur!);
    }
    self.set(key, (self.get(key) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, key });
  }
  const span = (last - first) / 1000;
  console.log(
    `main thread        busy ${((busy / 1000 / span) * 100).toFixed(1)} % of ${(span / 1000).toFixed(1)} s; most self time:`,
  );
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
}

/**
 * CPU seconds so far of this process's descendants, by part: the server, the simulator's ffmpeg
 * encoders, Chromium (every process of it), and the bench itself (which runs the simulator).
 */
function cpuByPart(serverPid: number): Record<'server' | 'encoders' | 'chromium' | 'bench', number> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const parts = { server: 0, encoders: 0, chromium: 0, bench: 0 };
  for (const [pid, name] of names) {
    let descendant = pid === process.pid;
    let inServer = false;
    for (let p = pid; !descendant && p > 1; p = parents.get(p) ?? 0) {
      inServer ||= p === serverPid;
      descendant = parents.get(p) === process.pid;
    }
    if (!descendant) continue;
    const part =
      pid === process.pid
        ? 'bench'
        : inServer
          ? 'server'
          : name === 'ffmpeg'
            ? 'encoders'
            : name.startsWith('chrom')
              ? 'chromium'
              : null;
    if (!part) continue;
    try {
      parts[part] += cpuSeconds(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return parts;
}

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
// Not in the data directory: the server makes every file there private (0600) when it starts.
const binDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-bin-'));
const pins = pinning();
let chromiumPath = CHROMIUM;
if (pins) {
  // Every thread of this process, and so the server and the ffmpeg encoders it starts after this.
  spawnSync('taskset', ['-a', '-p', '-c', String(pins[0]), String(process.pid)], { stdio: 'ignore' });
  // Chromium through a wrapper, so its every process starts on the other CPU.
  chromiumPath = path.join(binDir, 'chromium');
  await writeFile(chromiumPath, `#!/bin/sh\nexec taskset -c ${pins[1]} ${CHROMIUM} "$@"\n`);
  await chmod(chromiumPath, 0o755);
  console.log(
    `pinning            bench, server, simulator and ffmpeg on CPU ${pins[0]}; Chromium on CPU ${pins[1]} (taskset, Linux)`,
  );
} else {
  console.log('pinning            none (BENCH_PIN=0, one CPU, or no taskset): everything shares every CPU');
}
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
  executablePath: chromiumPath,
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

  type Window = { latencies: number[]; unread: number; frames: number[]; longTasks: number; playing: number };
  /** One window of SECONDS: frame times and long tasks, and, when `read`, the time codes of the tiles. */
  const measure = (read: boolean) =>
    page.evaluate(`new Promise((resolve) => {
    const latencies = [];
    let unread = 0;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const sample = ${read} && setInterval(() => {
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
        if (sample) clearInterval(sample);
        observer.disconnect();
        const playing = Array.from(document.querySelectorAll('video')).filter((v) => !v.paused && v.currentTime > 0).length;
        resolve({ latencies, unread, frames, longTasks, playing });
      }
    };
    requestAnimationFrame(tick);
  })`) as Promise<Window>;
  const printFrames = (label: string, window: Window) => {
    const frames = window.frames.slice(1).sort((a, b) => a - b);
    console.log(
      `${label.padEnd(19)}p50 ${ms(percentile(frames, 50))}  p95 ${ms(percentile(frames, 95))}  ` +
        `long tasks ${window.longTasks} in ${SECONDS} s`,
    );
  };

  // Window 1: latency and the server's CPU. Reading 16 pictures 4 times a second (a canvas copy
  // and a read-back each) is the bench's own work on the page's main thread, so the console's
  // frames are measured again in window 2, where the bench only counts frames.
  const cpuBefore = cpuSeconds(server.pid);
  const wallBefore = performance.now();
  const reading = await measure(true);
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
  if (TRACE) await browser.startTracing(page, { path: TRACE, screenshots: false });
  const partsBefore = cpuByPart(server.pid);
  const window2Start = performance.now();
  const result = await measure(false);
  const partsAfter = cpuByPart(server.pid);
  const window2Seconds = (performance.now() - window2Start) / 1000;
  if (TRACE) await browser.stopTracing();

  const lat = reading.latencies.sort((a, b) => a - b);
  console.log(`tiles playing      ${result.playing}`);
  console.log(
    `frame to screen    p50 ${ms(percentile(lat, 50))}  p95 ${ms(percentile(lat, 95))}  ` +
      `(${lat.length} frames read, ${reading.unread} unreadable)`,
  );
  console.log(
    `server CPU         ${(cpu * 100).toFixed(1)} % of a core for ${CAMERAS} live streams: ` +
      `${((cpu * 100) / CAMERAS).toFixed(2)} % per stream`,
  );
  printFrames('frames, reading', reading);
  printFrames('console frames', result);
  const share = (part: keyof typeof partsAfter) =>
    `${(((partsAfter[part] - partsBefore[part]) / window2Seconds) * 100).toFixed(0)} %`;
  console.log(
    `CPU in window 2    Chromium ${share('chromium')}, encoders ${share('encoders')}, ` +
      `simulator and bench ${share('bench')}, server ${share('server')} (% of one CPU)`,
  );
  console.log('                   (target: console frames p95 <= 33 ms, i.e. one frame at 30 Hz: 33.4 ms)');
  if (TRACE) printMainThread(JSON.parse(await readFile(TRACE, 'utf8')) as { traceEvents: TraceEvent[] });
} finally {
  await browser.close();
  await fleet.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(binDir, { recursive: true, force: true });
}
process.exit(0);
