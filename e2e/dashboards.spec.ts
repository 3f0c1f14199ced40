import { expect, test, type Page } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, api, signIn, startE2eFleet } from './support.js';

let fleet: Fleet;
const ROBOTS = 3;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: ROBOTS,
    prefix: 'DB',
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
    faultChance: 0,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

/** The number of the tenant's robots online, as the robots API says it. */
async function onlineRobots(page: Page): Promise<number> {
  const live = await api<{ online: boolean }[]>(page, 'GET', '/robot-server/monitor/live');
  return live.data.filter((r) => r.online).length;
}

test('work overview: the fleet online as the simulator runs it, today by the numbers, the fleet on the map', async ({
  page,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await expect.poll(() => onlineRobots(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(ROBOTS);
  const online = await onlineRobots(page);
  await page.goto('/#/workVision/workHensive');
  await expect(page.getByRole('heading', { level: 1, name: '综合概览' })).toBeVisible();
  await expect(page.getByTestId('figure-online')).toHaveText(String(online), { timeout: 20_000 });
  await expect(page.getByTestId('figure-total')).toHaveText(String(online));
  await expect(page.getByTestId('figure-running')).toHaveText(/^\d+$/);
  await expect(page.getByRole('figure', { name: '今日告警（按类型和状态）' })).toBeVisible();
  await expect(page.getByRole('figure', { name: '未完成工单（按状态）' })).toBeVisible();
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await expect(page.getByRole('button', { name: '显示全部机器人' })).toBeVisible();
});

test('the window tag opens live data in its own window, whose charts fill with the robots telemetry', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/workVision/workHensive');
  await expect(page.getByRole('heading', { level: 1, name: '综合概览' })).toBeVisible();
  const opened = context.waitForEvent('page');
  await page.getByTestId('window-tag-workData').click();
  const data = await opened;
  await expect(data).toHaveURL(/#\/workVision\/workData/);
  await expect(data.getByRole('heading', { level: 1, name: '作业数据' })).toBeVisible();
  for (const name of ['电量 (%)', '速度 (m/s)', '环境温度 (°C)', '湿度 (%)', '网络上行 (kbit/s)', '网络下行 (kbit/s)'])
    await expect(data.getByRole('figure', { name })).toBeVisible();
  // One legend for the eight charts names each robot shown, in its line's colour.
  const legend = data.getByRole('list', { name: '机器人及其颜色' });
  await expect(legend.getByRole('listitem')).toHaveCount(ROBOTS);
  // Points arrive with the pushes: at least two readings of each simulated robot.
  const battery = data.getByTestId('chart-live-battery').locator('[data-points]');
  await expect
    .poll(async () => Number(await battery.getAttribute('data-points')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(ROBOTS * 2);
  const before = Number(await battery.getAttribute('data-points'));
  await expect
    .poll(async () => Number(await battery.getAttribute('data-points')), { timeout: 10_000 })
    .toBeGreaterThan(before);
  await data.close();
});

test('the video wall shows the live picture of each chosen robot', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/workVision/workVideo');
  await expect(page.getByRole('heading', { level: 1, name: '作业视频' })).toBeVisible();
  const wall = page.getByTestId('video-wall');
  await expect(wall).toBeVisible({ timeout: 20_000 });
  // A tile per robot (at most nine), each the video area's live picture of the robot's first camera.
  const robots = await api<unknown[]>(page, 'GET', '/robot-server/monitor/live');
  await expect(wall.getByRole('heading', { name: '实时画面' })).toHaveCount(Math.min(9, robots.data.length));
});

test('trend overview and the alarm portrait, with a drill-down to the alarm records', async ({ page, context }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/trendVision/trendHensive');
  await expect(page.getByRole('heading', { level: 1, name: '综合概览' })).toBeVisible();
  for (const name of [
    '每日告警（按类型）',
    '每日任务执行',
    '每日巡逻里程（公里）',
    '各机器人在线率（%）',
    '每日新建与完成工单',
  ])
    await expect(page.getByRole('figure', { name })).toBeVisible();
  // Each robot of the fleet has its uptime.
  await expect(page.getByRole('figure', { name: '各机器人在线率（%）' }).locator('figcaption')).toContainText(
    'DB 001',
    {
      timeout: 20_000,
    },
  );

  await page.goto('/#/trendVision/trendAbnormal');
  await expect(page.getByRole('heading', { level: 1, name: '画像数据' })).toBeVisible();
  await expect(page.getByRole('figure', { name: '告警时段分布（星期 × 小时）' })).toBeVisible();
  await expect(page.getByTestId('abnormal-total')).toContainText('共');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: '查看告警记录' }).click();
  const records = await opened;
  await expect(records).toHaveURL(/#\/data\/alarmHandling\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(records.getByRole('heading', { level: 1, name: '告警处置记录' })).toBeVisible({ timeout: 20_000 });
  await records.close();
});

test('home: the fleet at a glance and the user’s open work orders', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const robots = await api<{ rows: { robotId: number; serialNumber: string }[] }>(
    page,
    'GET',
    '/robot-server/robot/page?index=1&size=50&keyword=DB-',
  );
  const robotId = robots.data.rows.find((r) => r.serialNumber === 'DB-0001')!.robotId;
  const me = await api<{ loginUser: { userId: number } }>(page, 'GET', '/system-server/user/get/home/date');
  const created = await api<{ workOrderId: number; number: string }>(page, 'POST', '/robot-server/repair/create', {
    type: 'maintenance',
    robotId,
    equipmentStatus: 'normal',
    urgency: 'high',
    deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    assigneeId: me.data.loginUser.userId,
    description: '首页工单：检查激光雷达与摄像头的固定支架是否松动。',
    items: [],
  });
  expect(created.code).toBe(200);
  await expect.poll(() => onlineRobots(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(ROBOTS);
  const online = await onlineRobots(page);
  await page.reload();
  await expect(page.getByTestId('dashboard-overview')).toBeVisible();
  await expect(page.getByTestId('figure-online')).toHaveText(String(online), { timeout: 20_000 });
  const orders = page.getByTestId('home-work-orders');
  await expect(orders.getByRole('link', { name: new RegExp(created.data.number) })).toBeVisible();
  await expect(orders.getByText('高', { exact: true })).toBeVisible();
  await expect(page.getByTestId('home-alarms')).toBeVisible();
  await orders.getByRole('link', { name: new RegExp(created.data.number) }).click();
  await expect(page).toHaveURL(new RegExp(`workOrderId=${created.data.workOrderId}`));
  await api(page, 'POST', '/robot-server/repair/delete', { workOrderId: created.data.workOrderId });
});
