import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('login and operation logs list what happened, filter it and export it', async ({ page }) => {
  // A failed sign-in, then a good one: both are in the login log.
  await page.goto('/');
  await page.getByLabel('账号').fill(ADMIN.account);
  await page.getByLabel('密码').fill('Wrong-pass9');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await signIn(page, ADMIN.account, ADMIN.password);

  await openFromMenu(page, '日志管理', '登录日志');
  const table = page.locator('.ant-table-tbody');
  await expect(table.getByText('密码错误').first()).toBeVisible();
  await expect(table.getByText('登录成功').first()).toBeVisible();

  // Only the failures.
  await page.getByLabel('结果').click();
  await page.getByTitle('失败').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.getByText('登录成功')).toHaveCount(0);
  await expect(table.getByText('密码错误').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toBe('登录日志.xlsx');

  // A state-changing request (a notice) shows up in the operation log, with its parameters.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const title = `日志测试 ${Date.now()}`;
  const res = await page.request.post('/api/notice-server/notice/publish', {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': '1' },
    data: { title, content: '操作日志应当记录这条通知' },
  });
  expect(res.status()).toBe(200);

  await openFromMenu(page, '日志管理', '操作日志');
  // Descriptions are in the console's language, and searched in it.
  await page.getByLabel('描述').fill('系统通知');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row:visible').filter({ hasText: '发布系统通知' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('成功')).toBeVisible();
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.log-params').first()).toContainText(title);
});
