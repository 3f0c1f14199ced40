// The live charts' frame times in Chromium: the real server serving the built console
// (apps/web/dist, `npm run build` first), BENCH_ROBOTS (20, the most the page draws) simulated
// robots reporting at 1 Hz, and Work View's live data (`/workVision/workData`, eight charts of one
// line per robot) open in Chromium through playwright-core, its charts filled for a minute first. For BENCH_SECONDS (15)
// it records every frame's time (requestAnimationFrame) and the long tasks (PerformanceObserver),
// once unthrottled and once with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Prints
// p50/p95/p99 frame time and the long-task count of each. Asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startFleet } from '@patrol/robot-sim';
import { CHROMIUM, WEB_DIST, measureFrames, requireBuiltConsole } from './frames.js';
import { startServer } from './server-process.js';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 20);
/** How long the charts fill before the frames are counted. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PASSWORD = 'Bench-charts-1x';

requireBuiltConsole();
console.log(`work data frames bench: ${ROBOTS} robots at 1 Hz, ${SECONDS} s a run, console from ${WEB_DIST}`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-'));
const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD, WEB_DIST });
const fleet = await startFleet({
  apiUrl: server.url,
  brokerUrl: server.mqttUrl,
  account: 'admin',
  password: PASSWORD,
  robots: ROBOTS,
  prefix: `W${process.pid}`,
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
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(server.url);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/home/);
  await page.goto(`${server.url}/#/workVision/workData`);
  // Every robot's line has points: the page drew each robot's readings.
  const battery = page.locator('[data-testid="chart-live-battery"] [data-points]');
  const pointsNow = async () => Number(await battery.getAttribute('data-points', { timeout: 60_000 }));
  const filling = Date.now() + 60_000;
  while ((await pointsNow()) < ROBOTS * 2) {
    if (Date.now() > filling) throw new Error('The live charts got no points in a minute');
    await page.waitForTimeout(500);
  }
  await page.waitForTimeout(WARM_SECONDS * 1000);
  const points = await pointsNow();
  console.log(`charts filled: ${points} points in the battery chart, as many in each of the eight`);
  await measureFrames(page, 1, SECONDS);
  await measureFrames(page, 4, SECONDS);
} finally {
  await browser.close();
  await fleet.stop();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
