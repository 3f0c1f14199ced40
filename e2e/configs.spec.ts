import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('config management checks each value by its key and saves it', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '配置管理');
  const row = page.getByRole('row', { name: /^leafletConfig/ });
  await expect(row).toContainText('瓦片图层');

  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑配置：leafletConfig' });
  const value = dialog.getByLabel('配置值');
  await expect(value).toHaveValue(/"tileLayerOption"/);
  // Put back at the end: every map of the later pages reads it.
  const original = await value.inputValue();
  await value.fill('{"mapInstantiated": {');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('不是有效的 JSON')).toBeVisible();
  await value.fill(
    '{"mapInstantiated":{"center":[31.23,121.47],"zoom":17},"tileLayerOption":{"url":"https://tiles.example.com/{z}/{x}/{y}.png"}}',
  );
  await dialog.getByRole('button', { name: '格式化 JSON' }).click();
  await expect(value).toHaveValue(/\n {2}"mapInstantiated"/);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('配置已保存')).toBeVisible();
  await expect(row).toContainText('tiles.example.com');

  await row.getByRole('button', { name: '编辑' }).click();
  await dialog.getByLabel('配置值').fill(original);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).not.toContainText('tiles.example.com');

  const dashboard = page.locator('.ant-table-row').filter({ hasText: '3dDashboardUrl' });
  await dashboard.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑配置：3dDashboardUrl' });
  await edit.getByLabel('配置值').fill('javascript:alert(1)');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(edit.getByText('请输入以 http://、https:// 或 / 开头的地址，或留空')).toBeVisible();
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dashboard).toContainText('（未配置）');
});

test('the resources page lists the registered routes and searches them', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '资源管理');
  await page.getByLabel('关键字').fill('tenant/create');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('POST');
  await expect(rows.first()).toContainText('仅平台管理员');
  await expect(rows.first()).toContainText('新增租户');
});
