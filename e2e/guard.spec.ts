import { expect, test } from '@playwright/test';
import { OPERATOR } from './playwright.config.js';
import { ADMIN, signIn } from './support.js';

test('an operator sees only the menus of its role; another route answers 401 and an unknown path 404', async ({
  page,
}) => {
  await signIn(page, OPERATOR.account, OPERATOR.password);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('menuitem', { name: '数据中心', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '机器人管理', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '系统管理', exact: true })).toHaveCount(0);
  await expect(page.getByText('巡检一部')).toBeVisible();

  // A route that exists but is not in the operator's menu.
  await page.goto('/#/sys/tenant');
  await expect(page).toHaveURL(/#\/401$/);
  await expect(page.getByText('无权限', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/home/);

  // A path that does not exist at all.
  await page.goto('/#/no/such/page');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();

  // A route of its menu opens.
  await page.goto('/#/data/position');
  await expect(page.getByTestId('tag-position')).toHaveAttribute('data-active', 'true');
});

test('without signing in, any console route goes to the login page, which opens that route after signing in', async ({
  page,
}) => {
  await page.goto('/#/data/position');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdata%2Fposition$/);
  // Another address typed meanwhile: the login page stays, now for that one.
  await page.goto('/#/sys/rolectrl');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsys%2Frolectrl$/);
  await page.getByLabel('账号').fill(ADMIN.account);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/sys\/rolectrl$/);
  await expect(page.getByTestId('tag-rolectrl')).toHaveAttribute('data-active', 'true');
});
