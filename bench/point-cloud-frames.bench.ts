// The point cloud viewer's frame times in Chromium with a big scan: the real server serving the
// built console (apps/web/dist, `npm run build` first), one simulated robot that uploads a
// generated scan of BENCH_POINTS (1,000,000) points, and the trendPoint page open in Chromium
// through playwright-core (with --disable-gpu, as the other frame benches: WebGL then runs on the
// CPU, SwiftShader). After a first turn of 3 s, for BENCH_SECONDS (10) it orbits the view with the
// mouse while it records every frame's time (requestAnimationFrame) and the long tasks
// (PerformanceObserver), then does the same standing still. While the view moves, the viewer draws
// a thinned copy whose size follows the frame time (at most 250,000 points; docs/decisions.md,
// "Point clouds"). Prints the upload and download-and-first-picture times, p50/p95/p99 frame time
// of each and the points drawn while moving. Asserts nothing. Run: `npm run point-cloud-frames -w @patrol/bench`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startFleet } from '@patrol/robot-sim';
import { CHROMIUM, WEB_DIST, measureFrames, requireBuiltConsole } from './frames.js';
import { ms, startServer } from './server-process.js';

const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench-cloud-1x';

requireBuiltConsole();
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

  /** Back and forth across a third of the canvas for `seconds`: a steady turn, as an operator drags. */
  const orbit = async (seconds: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const end = Date.now() + seconds * 1000 - 200;
    for (let step = 0; Date.now() < end; step++) {
      const phase = (step % 120) / 120;
      const dx = Math.sin(phase * Math.PI * 2) * box.width * 0.15;
      await page.mouse.move(cx + dx, cy + dx * 0.2);
    }
    await page.mouse.up();
  };
  // The first turn finds how many points this device draws in a frame while the view moves.
  await orbit(3);
  await measureFrames(page, 1, SECONDS, { label: 'orbiting', drive: () => orbit(SECONDS) });
  console.log(`points drawn while the view moves  ${await canvas.getAttribute('data-moving-points')} of ${POINTS}`);
  await measureFrames(page, 1, Math.min(5, SECONDS), { label: 'still' });
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
