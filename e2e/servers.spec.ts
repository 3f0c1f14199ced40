import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('the service list shows this server up with the health of its parts', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '服务列表');
  const row = page.locator('.ant-table-row').filter({ hasText: '当前实例' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('正常');
  await expect(row).toContainText('1.0.1');
  await expect(row.getByText('数据库 · pglite · 正常')).toBeVisible();
  await expect(row.getByText('消息总线 · memory · 正常')).toBeVisible();
  await expect(row.getByText('存储 · local · 正常')).toBeVisible();
  await expect(row.getByText(/^MQTT 服务 · aedes :\d+ · 正常/)).toBeVisible();
});
