import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Fleet, SimRobot } from '@patrol/robot-sim';
import { E2E_PORT } from './playwright.config.js';
import { ADMIN, api, signIn, startE2eFleet } from './support.js';

type VideoRobot = {
  robotId: number;
  robotName: string;
  serialNumber: string;
  online: boolean;
  cameras: { id: string }[];
};
type TenantRow = {
  tenantId: number;
  tenantName: string;
  adminPhone: string | null;
  adminName: string | null;
  adminEmail: string | null;
  remark: string | null;
  timeZone: string;
  videoStreamUrl: string;
  videoHistoryUrl: string;
  videoFileUrl: string;
};
type AlarmRobot = SimRobot & { raiseAlarm(kind: 'gun' | 'sentiment'): unknown };

const CAMERAS = [
  { id: 'front', name: 'Front' },
  { id: 'rear', name: 'Rear' },
];
let fleet: Fleet;

test.beforeAll(async () => {
  // The camera options of the simulator: each robot announces its cameras and pushes them as HLS.
  const video = { cameras: CAMERAS, consoleUrl: `http://127.0.0.1:${E2E_PORT}` };
  fleet = await startE2eFleet({
    robots: 2,
    prefix: 'VID',
    speed: 12,
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
    ...video,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

/** The fleet's robots as the camera tree lists them, once each has announced its cameras. */
async function videoRobots(page: Page): Promise<VideoRobot[]> {
  let robots: VideoRobot[] = [];
  await expect
    .poll(
      async () => {
        const answer = await api<VideoRobot[]>(page, 'GET', '/video/cameras');
        robots = answer.data.filter((r) => r.serialNumber.startsWith('VID-'));
        return robots.filter((r) => r.cameras.length === CAMERAS.length).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  return robots.sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
}

/** The playing position of a video element, in seconds. */
const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The video plays: its position moves on. */
async function expectPlaying(video: Locator) {
  await expect.poll(() => currentTime(video), { timeout: 45_000 }).toBeGreaterThan(0);
  const first = await currentTime(video);
  await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(first + 0.5);
}

/** Puts the tenant's streaming address (or another template) as given, and gives back what it was. */
async function setTemplates(page: Page, change: Partial<TenantRow>): Promise<Partial<TenantRow>> {
  const tenantId = Number(await page.evaluate(() => localStorage.getItem('tenantId') ?? '1'));
  const list = await api<{ rows: TenantRow[] }>(page, 'GET', '/system-server/tenant/page?index=1&size=100');
  const row = list.data.rows.find((r) => r.tenantId === tenantId)!;
  const before = {
    videoStreamUrl: row.videoStreamUrl,
    videoHistoryUrl: row.videoHistoryUrl,
    videoFileUrl: row.videoFileUrl,
  };
  const answer = await api(page, 'POST', '/system-server/tenant/update', {
    tenantId,
    tenantName: row.tenantName,
    // The seeded platform tenant has no contact yet; the form (and the API) asks for one.
    adminPhone: row.adminPhone ?? '13800138000',
    adminName: row.adminName ?? 'Administrator',
    adminEmail: row.adminEmail ?? 'admin@example.com',
    remark: row.remark ?? '',
    timeZone: row.timeZone,
    ...before,
    ...change,
  });
  expect(answer.code, answer.message).toBe(200);
  return before;
}

test('the panel plays four cameras, maximises one, takes its snapshot and remembers the layout', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const robots = await videoRobots(page);
  await page.goto('/#/data/panel');
  await expect(page.getByRole('heading', { level: 1, name: '视频监控' })).toBeVisible();
  await page.getByTestId('video-grid').getByText('4 格').click();
  await expect(page.getByTestId('video-grid-tiles')).toHaveAttribute('data-grid', '4');

  const cameras = robots.flatMap((r) => CAMERAS.map((c) => ({ robotId: r.robotId, camera: c.id })));
  // Three by dragging onto a tile, the last with the keyboard: select the tile, Enter on the camera.
  for (const [index, { robotId, camera }] of cameras.slice(0, 3).entries()) {
    await page.getByTestId(`video-camera-${robotId}-${camera}`).dragTo(page.getByTestId(`video-tile-${index}`));
  }
  await page.getByTestId('video-tile-3').focus();
  await expect(page.getByTestId('video-tile-3')).toHaveAttribute('data-selected', 'true');
  const last = cameras[3]!;
  await page.getByTestId(`video-camera-${last.robotId}-${last.camera}`).focus();
  await page.keyboard.press('Enter');

  for (let index = 0; index < 4; index++) {
    await expectPlaying(page.getByTestId(`video-player-${index}`).locator('video'));
    await expect(page.getByTestId(`video-tile-${index}`).locator('.video-status-tag')).toHaveAttribute(
      'data-status',
      'playing',
    );
  }

  // Double-click maximises the tile; the snapshot is the picture as a PNG named after it.
  await page.getByTestId('video-tile-1').dblclick();
  await expect(page.getByTestId('video-tile-1')).toHaveAttribute('data-maximised', 'true');
  await expect(page.getByTestId('video-tile-0')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('video-snapshot-1').click()]);
  expect(download.suggestedFilename()).toMatch(/^.+-rear-\d{8}-\d{6}\.png$/);
  await page.getByTestId('video-tile-1').dblclick();
  await expect(page.getByTestId('video-tile-0')).toBeVisible();

  // The layout is remembered on the server: after a reload the same cameras play again.
  await expect
    .poll(async () => (await api<{ tiles: unknown[] }>(page, 'GET', '/video/layout')).data.tiles.filter(Boolean).length)
    .toBe(4);
  await page.reload();
  await expectPlaying(page.getByTestId('video-player-3').locator('video'));
});

test('the live window opened from a sentiment alarm plays the robot', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  await videoRobots(page);
  (fleet.robots[0] as AlarmRobot).raiseAlarm('sentiment');
  const popup = page.getByRole('alertdialog', { name: '舆情告警' });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  const [live] = await Promise.all([
    page.context().waitForEvent('page'),
    popup.getByRole('button', { name: '实况' }).click(),
  ]);
  await expect(live).toHaveURL(/#\/lol\?id=\d+&timestamp=\d+/);
  await expect(live.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPlaying(live.getByTestId('video-live-player').locator('video'));
  await live.close();
});

test('history opens at a moment and plays from there', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const [robot] = await videoRobots(page);
  // Some recordings first.
  const at = Date.now();
  await expect
    .poll(
      async () => {
        const now = Date.now();
        const answer = await api<{ recordings: { from: number; to: number }[] | null }>(
          page,
          'GET',
          `/video/history?robotId=${robot!.robotId}&camera=front&from=${now - 600_000}&to=${now}`,
        );
        return (answer.data.recordings ?? []).some((span) => span.from <= at - 5000 && span.to >= at + 5000);
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(true);
  await page.goto(`/#/data/video?robotId=${robot!.robotId}&camera=front&at=${at}`);
  await expect(page.getByTestId('video-recording').first()).toBeVisible();
  const clock = page.getByTestId('video-clock');
  const shown = async () => Number((await clock.getAttribute('data-time')) || 0);
  // It starts at the moment asked (within a segment), then moves on from there.
  await expect.poll(shown, { timeout: 30_000 }).toBeGreaterThan(at - 2000);
  expect(await shown()).toBeLessThan(at + 5000);
  await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThan(at + 1000);
  await expectPlaying(page.getByTestId('video-history-player').locator('video'));
});

test('a signed URL that is altered, for another camera or expired is refused; the player renews its own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const [robot] = await videoRobots(page);
  // A tile plays while the links expire (20 s on this server): it renews its token and goes on.
  await api(page, 'POST', '/video/layout', { grid: 1, tiles: [{ robotId: robot!.robotId, camera: 'front' }] });
  await page.goto('/#/data/panel');
  const tile = page.getByTestId('video-player-0').locator('video');
  await expectPlaying(tile);
  const live = await api<{ url: string; expiresAt: number }>(
    page,
    'GET',
    `/video/live?robotId=${robot!.robotId}&camera=front`,
  );
  expect(live.data.expiresAt).toBeGreaterThan(Date.now());
  await expect.poll(async () => (await page.request.get(live.data.url)).status(), { timeout: 30_000 }).toBe(200);
  const token = new URL(live.data.url, 'http://x').searchParams.get('t')!;
  // The token signed for the front camera does not open the rear one.
  const other = await page.request.get(live.data.url.replace('/front/', '/rear/'));
  expect(other.status()).toBe(403);
  // A token whose expiry is moved (or signature changed) no longer matches its signature.
  const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  const refused = await page.request.get(live.data.url.replace(token, altered));
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toMatch(/播放链接已过期或无效|expired/);

  // Once expired, the untouched link is refused too; the tile still plays on fresh tokens.
  await page.waitForTimeout(Math.max(0, live.data.expiresAt - Date.now()) + 1500);
  expect((await page.request.get(live.data.url)).status()).toBe(403);
  await expectPlaying(tile);
  await expect(page.getByTestId('video-tile-0').locator('.video-status-tag')).toHaveAttribute('data-status', 'playing');
});

test('a tenant without a streaming address shows the message in the tile', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const [robot] = await videoRobots(page);
  await api(page, 'POST', '/video/layout', { grid: 1, tiles: [{ robotId: robot!.robotId, camera: 'front' }] });
  const before = await setTemplates(page, { videoStreamUrl: '' });
  try {
    await page.goto('/#/data/panel');
    await expect(page.getByTestId('video-tile-0')).toContainText('未配置推流地址', { timeout: 20_000 });
    await expect(page.getByTestId('video-tile-0').locator('.video-status-tag')).toHaveAttribute('data-status', 'error');
  } finally {
    await setTemplates(page, before);
  }
});
