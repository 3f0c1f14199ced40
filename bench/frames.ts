// What the frame benches share: the built console they serve, the Chromium they drive, and the
// count of a page's frame times and long tasks.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { ms, percentile } from './server-process.js';

export const WEB_DIST = path.resolve(
  process.env.BENCH_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Stops the bench when the console has not been built. */
export function requireBuiltConsole(): void {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error(`No built console in ${WEB_DIST}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * Frame times and long tasks of the open page over `seconds`, at a CPU slow-down of `rate`, while
 * `drive` (if given) works the page; printed under `label` (the slow-down by default).
 */
export async function measureFrames(
  page: Page,
  rate: number,
  seconds: number,
  { label, drive }: { label?: string; drive?: () => Promise<void> } = {},
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  // Let the throttled page settle before counting.
  if (rate !== 1) await page.waitForTimeout(2000);
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const sorted = result.frames.slice(1).sort((a, b) => a - b);
  console.log(
    (label ?? (rate === 1 ? 'unthrottled' : `${rate}x throttle`)).padEnd(12) +
      `frames ${sorted.length}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}` +
      `  p99 ${ms(percentile(sorted, 99))}  long tasks ${result.longTasks} in ${seconds} s`,
  );
}
