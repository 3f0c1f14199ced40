import { expect, test } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, answerDialog, openFromMenu, signIn, startE2eFleet } from './support.js';

let fleet: Fleet;

test.beforeAll(async () => {
  // Three simulated robots register through the API, connect with their own keys and patrol fast.
  fleet = await startE2eFleet({
    robots: 3,
    prefix: 'E2E',
    speed: 12,
    telemetryMs: 500,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
});

test('the live map shows the fleet moving and every field of the selected robot', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '数据中心', '实时监控');
  await expect(page.getByTestId('fleet-count')).toHaveText('在线 3 / 共 3');
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await page.locator('[data-robot="E2E-0002"]').click();
  const panel = page.getByTestId('telemetry');
  await expect(panel).toContainText('E2E-0002');
  await expect(panel).toContainText('巡逻中');
  for (const label of [
    '电量',
    '预警等级',
    '坐标 (WGS84)',
    '环境温度',
    '湿度',
    '风速',
    '上行速率',
    '固件版本',
    '模块版本',
  ]) {
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  }
  const coordinates = panel.locator('.ant-descriptions-row').filter({ hasText: '坐标 (WGS84)' });
  const before = await coordinates.innerText();
  await expect(coordinates).not.toHaveText(before, { timeout: 5000 });

  // A robot that drops off stays on the list, offline.
  await fleet.robots[2]!.disconnect({ silent: true });
  await expect(page.getByTestId('fleet-count')).toHaveText('在线 2 / 共 3', { timeout: 15_000 });
  await expect(page.locator('[data-robot="E2E-0003"]')).toContainText('离线');
  await fleet.robots[2]!.connect();
  await expect(page.getByTestId('fleet-count')).toHaveText('在线 3 / 共 3');
});

test('robot control sends lights on and return to base, shows their progress and records them', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '远程控制', '机器人控制');
  await page.getByLabel('机器人', { exact: true }).filter({ visible: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'E2E-0001' }).click();
  const progress = page.getByRole('table', { name: '指令进度' });

  await page.getByRole('button', { name: '开灯' }).click();
  const lights = progress.locator('.ant-table-row').filter({ hasText: '灯光' }).first();
  await expect(lights.locator('[data-status]')).toHaveAttribute('data-status', 'done');
  await expect.poll(() => fleet.robots[0]!.lights).toBe(true);

  await page.getByRole('button', { name: '返航' }).click();
  const home = progress.locator('.ant-table-row').filter({ hasText: '返航' }).first();
  await expect(home.locator('[data-status]')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  // A screen reader hears the progress as it comes, through the polite live region.
  await expect(page.getByRole('status').filter({ hasText: '返航：已完成' })).toHaveCount(1);

  // Firing asks first; cancelling sends nothing.
  const before = fleet.robots[0]!.received.length;
  await page.getByRole('button', { name: '网枪发射（左前）' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '网枪发射（左前）' });
  await expect(confirm).toContainText('过期后不会重发');
  await answerDialog(confirm, /取\s*消/);
  expect(fleet.robots[0]!.received.length).toBe(before);

  // Both commands are in the dispatch records and their replies in the reply records.
  await openFromMenu(page, '数据中心', '指令下发记录');
  const records = page.locator('.ant-table-row:visible').filter({ hasText: 'E2E-0001' });
  await expect(records.filter({ hasText: 'patrol/E2E-0001/cmd' }).first()).toBeVisible();
  // The newest first (a run of this test tried again finds the first run's records below them).
  await expect(records.nth(0)).toContainText('返航');
  await expect(records.nth(1)).toContainText('灯光');
  await openFromMenu(page, '数据中心', '指令回复记录');
  // A sync and an async reply for each.
  await expect
    .poll(() => page.locator('.ant-table-row:visible').filter({ hasText: 'E2E-0001' }).count())
    .toBeGreaterThanOrEqual(4);
});

test('an offline robot takes no command: the page says so and the buttons are off', async ({ page }) => {
  await fleet.robots[1]!.disconnect();
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '远程控制', '机器人控制');
  await page.getByLabel('机器人', { exact: true }).filter({ visible: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'E2E-0002' }).click();
  await expect(page.getByText('机器人离线，无法下发指令。')).toBeVisible();
  await expect(page.getByRole('button', { name: '开灯' })).toBeDisabled();
  await fleet.robots[1]!.connect();
  await expect(page.getByRole('button', { name: '开灯' })).toBeEnabled();
});
