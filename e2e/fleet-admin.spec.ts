import { expect, test, type Page } from '@playwright/test';
import { OPERATOR } from './playwright.config.js';
import { ADMIN, openFromMenu, signIn } from './support.js';

/** The platform administrator's session token and the id of the tenant "巡检一部". */
async function context(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const res = await page.request.get('/api/system-server/tenant/options', {
    headers: { authorization: `Bearer ${token}` },
  });
  const options = (await res.json()) as { data: { tenantId: number; tenantName: string }[] };
  return { token, tenantId: options.data.find((t) => t.tenantName === '巡检一部')!.tenantId };
}

async function registerRobot(page: Page, token: string, tenantId: number, serialNumber: string, name: string) {
  const res = await page.request.post('/api/robot-server/robot/create', {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': String(tenantId) },
    data: { productId: 'PR-1000', serialNumber, name },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { robot: { robotId: number } } }).data.robot.robotId;
}

async function actIn(page: Page, tenantName: string) {
  await page.getByTestId('tenant-switcher').click();
  await page.locator('.ant-select-item-option').filter({ hasText: tenantName }).click();
  await expect(page.getByText(`已切换到租户：${tenantName}`)).toBeVisible();
}

test("a tenant's robots: who sees which, their multicast config, and moving one to another tenant", async ({
  page,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  await signIn(page, ADMIN.account, ADMIN.password);
  const { token, tenantId } = await context(page);
  await registerRobot(page, token, tenantId, `GATE-${tag}`, `Gate ${tag}`);
  const yardId = await registerRobot(page, token, tenantId, `YARD-${tag}`, `Yard ${tag}`);
  await actIn(page, '巡检一部');

  // The operator gets the gate robot only.
  await openFromMenu(page, '机器人管理', '用户机器人');
  await page.locator('.ant-table-row').filter({ hasText: OPERATOR.account }).click();
  await expect(page.getByText('Operator (operator) 的机器人')).toBeVisible();
  await page
    .locator('.ant-transfer-list-content-item')
    .filter({ hasText: `GATE-${tag}` })
    .click();
  await page.locator('.ant-transfer button:has(.anticon-right)').click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存，该用户打开的页面会立即更新')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: OPERATOR.account })).toContainText('1 台');

  // A multicast config for it: a bad IP is refused under its field, then it is saved with the robot.
  await openFromMenu(page, '机器人管理', '组播配置');
  await page.getByRole('button', { name: '新增配置' }).click();
  const dialog = page.getByRole('dialog', { name: '新增组播配置' });
  await dialog.getByLabel('名称').fill('East gate');
  await dialog.getByLabel('IP 地址').fill('239.1.2.300');
  await dialog.getByLabel('遥控端口').fill('6000');
  await dialog.getByLabel('遥测端口').fill('6001');
  await dialog.getByLabel('视频端口').fill('6000');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入有效的 IP 地址')).toBeVisible();
  await expect(dialog.getByText('遥控、遥测和视频端口不能相同')).toBeVisible();
  await dialog.getByLabel('IP 地址').fill('239.1.2.3');
  await dialog.getByLabel('视频端口').fill('6002');
  await dialog.getByLabel('关联机器人').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `GATE-${tag}` })
    .click();
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('组播配置已创建，已推送给关联的机器人')).toBeVisible();
  await expect(page.locator('.ant-table-row:visible').filter({ hasText: 'East gate' })).toContainText(`Gate ${tag}`);

  // The yard robot moves to the platform tenant, after a confirmation; its old tenant no longer has it.
  await actIn(page, '平台租户');
  await openFromMenu(page, '系统管理', '机器人迁移');
  // Each list opens beside its own field: the page's other tenant lists keep hidden options too.
  await page.getByLabel('源租户').click();
  await page.locator('.move-source-field .ant-select-item-option').filter({ hasText: '巡检一部' }).click();
  await page
    .locator('.ant-table-row')
    .filter({ hasText: `YARD-${tag}` })
    .locator('input[type=checkbox]')
    .check();
  await page.getByLabel('迁移到').click();
  await page.locator('.move-target-field .ant-select-item-option').filter({ hasText: '平台租户' }).click();
  await page.getByRole('button', { name: '迁移 1 台' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '将 1 台机器人从「巡检一部」迁移到「平台租户」？' });
  await expect(confirm).toContainText('记录仍留在「巡检一部」');
  await confirm.getByRole('button', { name: '确认迁移' }).click();
  await expect(page.getByText('已将 1 台机器人迁移到「平台租户」')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: `YARD-${tag}` })).toHaveCount(0);

  // It was audited; then it leaves the platform tenant again, so the live fleet there stays as it was.
  await openFromMenu(page, '日志管理', '操作日志');
  await expect(
    page.locator('.ant-table-row:visible').filter({ hasText: '迁移机器人到其他租户' }).first(),
  ).toBeVisible();
  const removed = await page.request.post('/api/robot-server/robot/delete', {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': '1' },
    data: { robotId: yardId },
  });
  expect(removed.ok()).toBe(true);
});
