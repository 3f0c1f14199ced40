// The point cloud viewer's frame times in Chromium with a big scan: the real server serving the
// built console (apps/web/dist, `npm run build` first), one simulated robot that uploads a
// generated scan of BENCH_POINTS (1,000,000) points, and the trendPoint page open in Chromium
// through playwright-core (with --disable-gpu, as the other frame benches: WebGL then runs on the
// CPU, SwiftShader). For BENCH_SECONDS (10) it orbits the view with the mouse while it records
// every frame's time (requestAnimationFrame) and the long tasks (PerformanceObserver), then does
// the same standing still. While the view moves, the viewer draws a cloud above 250,000 points
// thinned to 250,000 (docs/decisions.md, "Point clouds"). Prints the upload, download-and-first-picture times and p50/p95/p99
// frame time of each. Asserts nothing. Run: `cd bench && node --import tsx point-cloud-frames.bench.ts`.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startFleet } from '@patrol/robot-sim';
import { ms, percentile, startServer } from './server-process.js';

const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WEB_DIST = path.resolve(
  process.env.BENCH_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Bench-cloud-1x';

/** Records frame times for `seconds` while `drive` runs (or nothing happens). */
async function measure(page: Page, label: string, seconds: number, drive?: () => Promise<void>) {
  // In-page code as text: the TypeScript runner would add helpers to a function that the page lacks.
  const recording = page.evaluate(`new Promise((resolve) => {
    const frames = [];
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
    observer.observe({ type: 'longtask' });
    let last = performance.now();
    const end = last + ${seconds * 1000};
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick);
      else {
        observer.disconnect();
        resolve({ frames, longTasks });
      }
    };
    requestAnimationFrame(tick);
  })`) as Promise<{ frames: number[]; longTasks: number }>;
  if (drive) await drive();
  const result = await recording;
  const sorted = result.frames.slice(1).sort((a, b) => a - b);
  console.log(
    label.padEnd(12) +
      `frames ${sorted.length}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}` +
      `  p99 ${ms(percentile(sorted, 99))}  long tasks ${result.longTasks} in ${seconds} s`,
  );
}

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error(`No built console in ${WEB_DIST}: run \`npm run build\` first.`);
  process.exit(1);
}
console.log(`point cloud frames bench: ${POINTS} points, ${SECONDS} s a run, console from ${WEB_DIST}`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD, WEB_DIST });
const fleet = await startFleet({
  apiUrl: server.url,
  brokerUrl: server.mqttUrl,
  account: 'admin',
  password: PASSWORD,
  robots: 1,
  prefix: `C${process.pid}`,
  keysFile: null,
  telemetryMs: 1000,
  eventChance: 0,
  uploadChance: 0,
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
  ],
});
try {
  let started = performance.now();
  const upload = await fleet.uploadPointCloud(fleet.robots[0]!.serial, { points: POINTS, name: 'bench.pcd' });
  if (upload.status !== 201) throw new Error(`upload refused: ${upload.status} ${JSON.stringify(upload.body)}`);
  console.log(`upload (generate, send, check, store)  ${ms(performance.now() - started)}`);

  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(server.url);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/home/);
  started = performance.now();
  await page.goto(`${server.url}/#/trendVision/trendPoint`);
  const shown = new Intl.NumberFormat('zh-CN').format(POINTS);
  await page.getByTestId('points-shown').filter({ hasText: shown }).waitFor({ timeout: 120_000 });
  console.log(
    `page open to the cloud drawn (download, parse, colour, first frame)  ${ms(performance.now() - started)}`,
  );
  const canvas = page.getByRole('img', { name: /bench\.pcd/ });
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.waitForTimeout(1000);

  await measure(page, 'orbiting', SECONDS, async () => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const end = Date.now() + SECONDS * 1000 - 200;
    for (let step = 0; Date.now() < end; step++) {
      // Back and forth across a third of the canvas: a steady turn, as an operator drags.
      const phase = (step % 120) / 120;
      const dx = Math.sin(phase * Math.PI * 2) * box.width * 0.15;
      await page.mouse.move(cx + dx, cy + dx * 0.2);
    }
    await page.mouse.up();
  });
  await measure(page, 'still', Math.min(5, SECONDS));
  const colourSwitch = performance.now();
  await page.getByText('强度', { exact: true }).click();
  await page.getByText(/^强度：/).waitFor();
  console.log(`colour mode switch to the legend shown  ${ms(performance.now() - colourSwitch)}`);
} finally {
  await browser.close();
  await fleet.stop();
  await fleet.remove().catch(() => undefined);
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
