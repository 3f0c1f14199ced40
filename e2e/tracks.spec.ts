import { expect, test } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, api, signIn, startE2eFleet } from './support.js';

const SERIAL = 'TRK-0001';
let fleet: Fleet;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 1,
    prefix: 'TRK',
    speed: 12,
    telemetryMs: 300,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  // The robot goes again (its track points stay until the retention purge, under no robot).
  await fleet?.stop();
  await fleet?.remove();
});

test("a simulator robot's track shows in the track records, plays back, and a mark jumps the playback", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const found = await api<{ rows: { robotId: number }[] }>(page, 'GET', `/robot-server/robot/page?keyword=${SERIAL}`);
  const robotId = found.data.rows[0]!.robotId;
  // The robot's first points are stored, then a command to it: a mark inside the track.
  await expect
    .poll(
      async () => {
        const now = Date.now();
        const track = await api<{ rawCount: number }>(
          page,
          'GET',
          `/task-server/track/query?robotId=${robotId}&from=${now - 600_000}&to=${now}`,
        );
        return track.data.rawCount;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expect
    .poll(
      async () =>
        (
          await api(page, 'POST', '/robot-server/cmd/send', {
            robotId,
            command: { name: 'lights', args: { on: true } },
          })
        ).code,
      {
        timeout: 15_000,
      },
    )
    .toBe(200);
  // A few seconds of patrol.
  await page.waitForTimeout(4000);

  await page.goto('/#/task/trackHistory');
  await expect(page.getByRole('heading', { level: 1, name: '轨迹记录' })).toBeVisible();
  const history = page.locator('.track-history-page');
  await history.getByRole('combobox', { name: '机器人' }).click();
  await page.keyboard.type(SERIAL);
  await page.keyboard.press('Enter');
  await history.getByRole('button', { name: '最近一小时' }).click();
  const stats = history.getByTestId('track-stats');
  await expect(stats).toContainText(/存储 \d+ 个/);
  const stored = Number(/存储 (\d+) 个/.exec((await stats.textContent()) ?? '')![1]);
  expect(stored).toBeGreaterThanOrEqual(5);
  await expect(history.getByTestId('track-start')).toBeVisible();
  await expect(history.getByTestId('track-end')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('track-history-zh-CN.png') });

  await history.getByRole('button', { name: '回放' }).click();
  await expect(page).toHaveURL(new RegExp(`#/data/history\\?robotId=${robotId}&from=\\d+&to=\\d+`));
  const playback = page.locator('.history-playback-page');
  await expect(playback.getByRole('heading', { level: 1 })).toBeVisible();
  const time = playback.getByTestId('playback-time');
  await expect(time).toBeVisible();
  const first = await time.textContent();
  const mark = playback.getByRole('button', { name: /指令 灯光/ });
  await expect(mark).toBeVisible();

  // Played at 16×: the moment moves on, the robot is on the map.
  await playback.getByText('16×').click();
  await playback.getByRole('button', { name: /播放/ }).click();
  await expect(time).not.toHaveText(first ?? '');
  await expect(playback.getByTestId('track-robot')).toBeVisible();
  await playback.getByRole('button', { name: /暂停/ }).click();

  // A mark chosen: the playback stands at its moment.
  const label = (await mark.getAttribute('aria-label')) ?? '';
  const markTime = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/.exec(label)![1]!;
  await mark.click();
  await expect(time).toHaveText(markTime);

  // The slider goes by keyboard too.
  const slider = playback.getByRole('slider', { name: '回放时间' });
  await slider.focus();
  const before = Number(await slider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBe(before + 1);
  await page.screenshot({ path: test.info().outputPath('history-playback-zh-CN.png') });
});
