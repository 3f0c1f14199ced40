import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { resolveFfmpeg, type Fleet } from '@patrol/robot-sim';
import { ADMIN, api, signIn, startE2eFleet } from './support.js';

type LiveRobot = { robotId: number; serialNumber: string; name: string; online: boolean };

/** A second operator of the administrator's tenant, with the same role. */
const DUTY = { account: 'voiceduty', password: 'Voice-duty-26', name: '值班员乙' };

const work = mkdtempSync(path.join(tmpdir(), 'patrol-voice-e2e-'));

/** A real MP3 (mono, 32 kbit/s) of a tone, made by the simulator's ffmpeg. */
function makeMp3(name: string, hz: number, seconds: number): string {
  const binary = resolveFfmpeg();
  if (!binary) throw new Error('no ffmpeg: set FFMPEG_PATH or install @ffmpeg-installer/linux-x64');
  const file = path.join(work, name);
  execFileSync(binary, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:duration=${seconds}`,
    '-ac',
    '1',
    '-b:a',
    '32k',
    file,
  ]);
  return file;
}

let fleet: Fleet;
let robots: LiveRobot[] = [];

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 2,
    prefix: 'VOX',
    speed: 12,
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

/** The fleet's robots as the console knows them, once both are online. */
async function fleetRobots(page: Page): Promise<LiveRobot[]> {
  await expect
    .poll(
      async () => {
        const answer = await api<LiveRobot[]>(page, 'GET', '/robot-server/monitor/live');
        robots = answer.data.filter((r) => r.serialNumber.startsWith('VOX-')).sort((a, b) => a.robotId - b.robotId);
        return robots.filter((r) => r.online).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  return robots;
}

/** Creates the second operator once (same role as the administrator), through the API. */
async function ensureDutyOperator(page: Page): Promise<void> {
  const roles = await api<{ roleId: number; roleCode: string }[]>(page, 'GET', '/system-server/user/role-options');
  const admin = roles.data.find((r) => r.roleCode === 'admin')!;
  const created = await api(page, 'POST', '/system-server/user/create', {
    account: DUTY.account,
    username: DUTY.name,
    password: createHash('sha256').update(DUTY.password).digest('hex'),
    roleIds: [admin.roleId],
  });
  expect([200, 409]).toContain(created.code);
}

async function signedIn(browser: Browser, account: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, password);
  return page;
}

test('a live announcement reaches "in progress", the robot hears it, a second operator is refused, ending frees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const [robot] = await fleetRobots(page);
  await ensureDutyOperator(page);
  const sim = fleet.robots.find((r) => r.serial === robot!.serialNumber)!;

  await page.goto(`/#/voice/intercom?robotId=${robot!.robotId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '开始喊话' }).click();
  const state = page.getByTestId('voice-intercom-state');
  await expect(state).toHaveText('当前状态：喊话中', { timeout: 30_000 });
  await expect(page.getByTestId('voice-intercom-error')).toHaveCount(0);

  // The simulator decodes the fake microphone's PCMA and reports what it hears: packets arrive.
  const level = page.getByTestId('voice-robot-level');
  await expect
    .poll(async () => Number(/(\d+) 个数据包/.exec((await level.textContent()) ?? '')?.[1] ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(25);
  expect(sim.voice.announcing).toBe(true);

  // A second operator sees who holds it, and the server refuses them.
  const duty = await signedIn(browser, DUTY.account, DUTY.password);
  await duty.goto(`/#/voice/intercom?robotId=${robot!.robotId}`);
  await expect(duty.getByText(/喊话正在被 .+ 使用/)).toBeVisible();
  const refused = await api(duty, 'POST', '/voice/intercom/start', { robotId: robot!.robotId });
  expect(refused.code).toBe(409);
  expect(refused.message).toMatch(/喊话正在被 .+ 使用/);

  // Ending frees the robot: the robot hangs up, the record has its end, the other operator may start.
  await page.getByRole('button', { name: '结束喊话' }).click();
  await expect(state).toHaveText('当前状态：已结束');
  await expect.poll(() => sim.voice.announcing).toBe(false);
  const record = page.locator('.ant-table-row').first();
  await expect(record).toContainText(robot!.name);
  await expect(record).toContainText('操作员结束了喊话');

  const taken = await api<{ sessionId: string }>(duty, 'POST', '/voice/intercom/start', { robotId: robot!.robotId });
  expect(taken.code).toBe(200);
  expect((await api(duty, 'POST', '/voice/intercom/end', { sessionId: taken.data.sessionId })).code).toBe(200);
  await duty.context().close();
});

test('an MP3 uploads; a renamed text file, a file over 50 MB and a duplicate are refused', async ({ page }) => {
  test.setTimeout(90_000);
  const mp3 = makeMp3('patrol-notice.mp3', 660, 3);
  const text = path.join(work, 'not-audio.mp3');
  writeFileSync(text, 'This is a text file with an .mp3 name.\n'.repeat(50));
  const big = path.join(work, 'too-big.mp3');
  writeFileSync(big, Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]));
  truncateSync(big, 50 * 1024 * 1024 + 1);

  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/voice/MusicUpload');
  const input = page.locator('input[type=file]');
  await input.setInputFiles([mp3, text, big]);
  const items = page.getByTestId('voice-upload-item');
  await expect(items.filter({ hasText: 'patrol-notice.mp3' })).toContainText(/上传成功|相同的文件已上传为/, {
    timeout: 20_000,
  });
  await expect(items.filter({ hasText: 'not-audio.mp3' })).toContainText('只能上传 MP3 文件');
  await expect(items.filter({ hasText: 'too-big.mp3' })).toContainText('文件不能超过 50MB');

  // The same file again is a duplicate of the upload list.
  await input.setInputFiles(mp3);
  await expect(page.getByText('该文件已在上传列表中')).toBeVisible();

  // Uploaded and listed with its real length and bitrate; after a reload the server answers the file it has.
  const row = page.locator('.ant-table-row').filter({ hasText: 'patrol-notice.mp3' });
  await expect(row).toContainText('32 kbit/s');
  await expect(row).toContainText('00:03');
  await page.reload();
  await page.locator('input[type=file]').setInputFiles(mp3);
  await expect(page.getByTestId('voice-upload-item')).toContainText('相同的文件已上传为 patrol-notice.mp3', {
    timeout: 20_000,
  });
  await expect(page.locator('.ant-table-row').filter({ hasText: 'patrol-notice.mp3' })).toHaveCount(1);
});

test('a playlist plays on two robots; pause, volume and mute reach both', async ({ page }) => {
  test.setTimeout(120_000);
  const second = makeMp3('patrol-second.mp3', 440, 4);
  await signIn(page, ADMIN.account, ADMIN.password);
  const [a, b] = await fleetRobots(page);
  await page.goto('/#/voice/MusicUpload');
  await page.locator('input[type=file]').setInputFiles(second);
  await expect(page.getByTestId('voice-upload-item')).toContainText(/上传成功|相同的文件已上传为/, { timeout: 20_000 });

  await page.goto('/#/voice/MusicPlayback');
  for (const robot of [a!, b!]) await page.getByLabel(`选择 ${robot.name}`).check();
  await page.locator('#voice-playlist').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'patrol-second.mp3' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: '播放控制' }).getByRole('button', { name: '播放' }).click();

  const sims = [a!, b!].map((r) => fleet.robots.find((s) => s.serial === r.serialNumber)!);
  await expect.poll(() => sims.map((s) => s.audio.snapshot(false).state)).toEqual(['playing', 'playing']);
  const rows = [a!, b!].map((r) => page.locator('.ant-table-row').filter({ hasText: r.name }));
  for (const row of rows) await expect(row).toContainText('播放中', { timeout: 10_000 });
  for (const row of rows) await expect(row).toContainText('patrol-second.mp3');

  await page.getByRole('group', { name: '播放控制' }).getByRole('button', { name: '暂停' }).click();
  for (const row of rows) await expect(row).toContainText('已暂停', { timeout: 10_000 });

  const slider = page.getByRole('slider', { name: '音量' });
  await slider.focus();
  for (let i = 0; i < 25; i++) await slider.press('ArrowLeft');
  const set = page.locator('button').filter({ hasText: /设置音量 \d+/ });
  const volume = Number(/\d+/.exec((await set.textContent()) ?? '')![0]);
  expect(volume).toBeLessThan(60); // below the robots' default, so the change is seen
  await set.click();
  await expect.poll(() => sims.map((s) => s.audio.snapshot(false).volume)).toEqual([volume, volume]);

  await page
    .locator('button')
    .filter({ hasText: /^静音$/ })
    .click();
  await expect.poll(() => sims.map((s) => s.audio.snapshot(false).muted)).toEqual([true, true]);
  for (const row of rows) await expect(row).toContainText('是', { timeout: 10_000 });

  await page.getByRole('group', { name: '播放控制' }).getByRole('button', { name: '停止' }).click();
  await expect.poll(() => sims.map((s) => s.audio.snapshot(false).state)).toEqual(['idle', 'idle']);
});
