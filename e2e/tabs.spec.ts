import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('pages open as tags; a tag closes, others close, all close, and home stays first', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const bar = page.getByTestId('tag-bar');

  await openFromMenu(page, '数据中心', '实时监控');
  await expect(page).toHaveURL(/#\/data\/position$/);
  await expect(page.getByTestId('tag-position')).toHaveAttribute('data-active', 'true');

  await openFromMenu(page, '机器人管理', '维修保养');
  await expect(page.getByRole('heading', { level: 1, name: '维修保养' })).toBeVisible();
  await openFromMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/#\/sys\/organuserctrl$/);
  await expect(bar.locator('.tag-bar__tag')).toHaveCount(4);
  await expect(bar.locator('.tag-bar__tag').first()).toHaveAttribute('data-testid', 'tag-home');
  await expect(page.getByTestId('tag-home').getByLabel('关闭')).toHaveCount(0);

  // Closing the active tag goes to the tag before it.
  await page.getByTestId('tag-organuserctrl').getByLabel('关闭').click();
  await expect(page.getByTestId('tag-organuserctrl')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/robot\/repair$/);

  // A click on a tag goes back to its page.
  await page.getByTestId('tag-position').click();
  await expect(page).toHaveURL(/#\/data\/position$/);

  // Right-click: close the others.
  await page.getByTestId('tag-position').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page.getByTestId('tag-repair')).toHaveCount(0);
  await expect(page.getByTestId('tag-home')).toBeVisible();
  await expect(page.getByTestId('tag-position')).toBeVisible();

  // The tags survive a reload.
  await page.reload();
  await expect(page.getByTestId('tag-position')).toHaveAttribute('data-active', 'true');

  // Close all: only home is left, and it is shown.
  await page.getByTestId('tag-bar-actions').click();
  await page.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect(bar.locator('.tag-bar__tag')).toHaveCount(1);
  await expect(page).toHaveURL(/#\/home$/);
});

test('the side menu folds to icons and unfolds', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toHaveCSS('width', '256px');
  await page.getByTestId('sider-toggle').click();
  await expect(sider).toHaveCSS('width', '64px');
  await page.getByTestId('sider-toggle').click();
  await expect(sider).toHaveCSS('width', '256px');
});
