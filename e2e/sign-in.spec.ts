import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './support.js';

test('a wrong password is refused with the server message and the console stays closed', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('账号').fill(ADMIN.account);
  await page.getByLabel('密码').fill('Wrong-password1');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/login/);
});

test('the administrator signs in, sees the menu from the server and logs out', async ({ page, context }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const menu = page.getByTestId('side-menu');
  for (const group of [
    '电子围栏',
    '任务管理',
    '数据中心',
    '机器人管理',
    '远程控制',
    '语音管理',
    '系统管理',
    '日志管理',
  ]) {
    await expect(menu.getByRole('menuitem', { name: group, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('tag-home')).toHaveAttribute('data-active', 'true');
  // The first administrator's seeded name, in the reader's language (zh-CN by default).
  await expect(page.getByText('您好，系统管理员')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'login')?.value).toBe('1');

  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '租户：平台租户' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect((await context.cookies()).find((c) => c.name === 'login')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The session ended on the server too: the old token is refused.
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/login/);
});
