// Alarm latency: from a robot's event to the operator. The real server (`npm run serve`'s bundle)
// with BENCH_ROBOTS (20) simulator robots reporting telemetry once a second; then
//   1. sockets: BENCH_CONSOLES (5) console sockets on the `alarms` topic while the robots raise
//      BENCH_ALARMS (200) gun and sentiment alarms, each with its generated image, at BENCH_ALARM_HZ
//      (10) a second: robot publish → alarm push received, p50/p99/max;
//   2. the popup: the console in Chromium, signed in, while BENCH_POPUP_ALARMS (30) alarms arrive one
//      a second: robot publish → the popup showing that alarm on the screen (a mutation observer in
//      the page notes when the alarm's text is drawn), p50/p99/max.
// Robot and console share this machine's clock. BENCH_VERBOSE=1 prints each popup's latency and the
// requests the page makes meanwhile. Asserts nothing.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { chromium } from 'playwright-core';
import type { LoginResponse, SocketServerMessage } from '@patrol/contracts';
import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import { ConsoleApi, makeRoute, SimRobot } from '@patrol/robot-sim';
import { ms, percentile, startServer } from './server-process.js';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 20);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 5);
const ALARMS = Number(process.env.BENCH_ALARMS ?? 200);
const ALARM_HZ = Number(process.env.BENCH_ALARM_HZ ?? 10);
const POPUP_ALARMS = Number(process.env.BENCH_POPUP_ALARMS ?? 30);
const PASSWORD = 'Bench-alarm-1x';

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function summary(label: string, samples: number[], expected: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return console.log(`${label}: nothing arrived (${expected} expected)`);
  console.log(
    `${label}: ${sorted.length}/${expected} arrived  p50 ${ms(percentile(sorted, 50))}  ` +
      `p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1)!)}`,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-bench-alarms-'));
  const server = await startServer({ DATA_DIR: dataDir, PATROL_ADMIN_PASSWORD: PASSWORD });
  const robots: SimRobot[] = [];
  try {
    const api = new ConsoleApi(server.url);
    const login: LoginResponse = await api.signIn('admin', PASSWORD);
    for (let i = 0; i < ROBOTS; i++) {
      const serial = `ALM-${process.pid}-${String(i + 1).padStart(3, '0')}`;
      const { privateKey, robot } = await api.createRobot({ productId: 'PR-1000', serialNumber: serial, name: serial });
      const sim = new SimRobot({
        serial,
        privateKey,
        keyVersion: robot.keyVersion,
        brokerUrl: server.mqttUrl,
        route: makeRoute(DEFAULT_MAP_CENTER, i),
        eventChance: 0,
        uploadChance: 0,
        alarmChance: 0,
      });
      await sim.connect();
      robots.push(sim);
    }
    console.log(`${ROBOTS} robots connected, telemetry 1 Hz`);
    await sleep(2000);

    // 1. Console sockets.
    const latencies: number[] = [];
    const sockets: WebSocket[] = [];
    for (let i = 0; i < CONSOLES; i++) {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/msg/${login.user.userId}`);
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString()) as SocketServerMessage;
          if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic: 'alarms' }));
          if (message.type === 'alarmMute') resolve();
          if (message.type === 'gun' || message.type === 'sentiment')
            latencies.push(Date.now() - message.data.timestamp);
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: login.token })));
        ws.once('error', reject);
      });
      sockets.push(ws);
    }
    for (let i = 0; i < ALARMS; i++) {
      robots[i % robots.length]!.raiseAlarm(i % 2 ? 'sentiment' : 'gun', { message: `bench socket ${i}` });
      await sleep(1000 / ALARM_HZ);
    }
    await sleep(3000);
    summary(
      `sockets    ${CONSOLES} consoles, ${ALARMS} alarms at ${ALARM_HZ}/s, robot → push`,
      latencies,
      ALARMS * CONSOLES,
    );
    for (const ws of sockets) ws.close();

    // 2. The popup in a browser.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      await page.goto(`${server.url}/#/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await page.getByLabel('密码').press('Enter');
      await page.waitForURL(/#\/home/);
      // The shell is up and its live link open (the popups listen from then on).
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('status', { name: '实时连接正常' }).waitFor();
      await page.waitForLoadState('networkidle');
      await sleep(2000);
      // Notes when each alarm's text is first drawn.
      // In the page (a string: this file is not compiled for the browser).
      await page.evaluate(`(() => {
        const seen = {};
        window.benchSeen = seen;
        new MutationObserver((mutations) => {
          const at = Date.now();
          for (const mutation of mutations) {
            for (const node of mutation.addedNodes) {
              for (const match of (node.textContent || '').matchAll(/bench popup (\\d+)/g)) seen[match[1]] ??= at;
            }
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      })()`);
      if (process.env.BENCH_VERBOSE) {
        const t0 = Date.now();
        page.on('request', (r) => console.log(`  request +${Date.now() - t0} ms ${r.url().replace(server.url, '')}`));
      }
      const sent = new Map<number, number>();
      for (let i = 0; i < POPUP_ALARMS; i++) {
        const event = robots[i % robots.length]!.raiseAlarm(i % 2 ? 'sentiment' : 'gun', {
          message: `bench popup ${i}`,
        });
        sent.set(i, event.ts);
        await sleep(1000);
      }
      await sleep(2000);
      const seen = (await page.evaluate('window.benchSeen')) as Record<string, number>;
      const popup = [...sent].flatMap(([i, ts]) => (seen[String(i)] ? [seen[String(i)]! - ts] : []));
      if (process.env.BENCH_VERBOSE)
        console.log(`  each: ${[...sent].map(([i, ts]) => (seen[String(i)] ? seen[String(i)]! - ts : '-')).join(' ')}`);
      summary(`popup      Chromium, ${POPUP_ALARMS} alarms at 1/s, robot → popup drawn`, popup, POPUP_ALARMS);
    } finally {
      await browser.close();
    }
  } finally {
    for (const robot of robots) await robot.disconnect().catch(() => undefined);
    await server.stop();
  }
}

await main();
