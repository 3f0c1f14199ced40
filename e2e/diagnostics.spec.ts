import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, answerDialog, openFromMenu, signIn } from './support.js';

const TENANT_PASSWORD = 'Sanwei-2026';

/** A new tenant made through tenant management, with its administrator's account. */
async function createTenant(page: Page, code: string): Promise<void> {
  await openFromMenu(page, '系统管理', '租户管理');
  await page.getByRole('button', { name: '新增租户' }).click();
  const dialog = page.getByRole('dialog', { name: '新增租户' });
  await dialog.getByLabel('租户编码').fill(code);
  await dialog.getByLabel('租户名称').fill('三维展示公司');
  await dialog.getByLabel('管理员账号').fill(`${code}-admin`);
  await dialog.getByLabel('管理员姓名').fill('王工');
  await dialog.getByLabel('管理员电话').fill('13800138000');
  await dialog.getByLabel('管理员邮箱').fill('wang@example.com');
  await dialog.getByLabel('管理员密码', { exact: true }).fill(TENANT_PASSWORD);
  await dialog.getByLabel('确认密码').fill(TENANT_PASSWORD);
  // A new tenant starts without the 3D dashboard.
  await expect(dialog.getByRole('switch', { name: '3D 大屏' })).not.toBeChecked();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

test("a tenant's 3D dashboard button appears once a platform administrator turns it on and its user signs in again", async ({
  page,
  browser,
}) => {
  const code = `d${Date.now().toString(36)}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  await createTenant(page, code);

  const tenantBrowser = await browser.newContext();
  const tenantPage = await tenantBrowser.newPage();
  await signIn(tenantPage, `${code}-admin`, TENANT_PASSWORD);
  await expect(tenantPage.getByRole('button', { name: /3D 大屏/ })).toHaveCount(0);

  // The platform administrator turns it on in tenant management; the list says so.
  await page.getByLabel('关键字').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('关闭');
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑租户' });
  await edit.getByRole('switch', { name: '3D 大屏' }).click();
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('开启');

  // The flag is read at sign-in: the next one shows the button.
  await tenantBrowser.close();
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await signIn(againPage, `${code}-admin`, TENANT_PASSWORD);
  const button = againPage.getByRole('button', { name: /3D 大屏/ });
  await expect(button).toBeVisible();
  // No 3dDashboardUrl is configured on a fresh console: the button says so and opens nothing.
  const popups: Page[] = [];
  againPage.context().on('page', (p) => popups.push(p));
  await button.click();
  await expect(againPage.getByText('未找到 3D 大屏配置')).toBeVisible();
  expect(popups).toHaveLength(0);
  await again.close();
});

test('the diagnostics page opens only with the code a platform administrator set', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);

  // No code, or a wrong one: the no-permission page.
  await page.goto('/#/debug');
  await expect(page).toHaveURL(/#\/401$/);
  await page.goto('/#/debug?code=not-the-code-1');
  await expect(page).toHaveURL(/#\/401$/);

  // The administrator sets a code on the service list.
  const code = `e2e-${Date.now().toString(36)}`;
  await page.goto('/#/home');
  await openFromMenu(page, '系统管理', '服务列表');
  const card = page.getByRole('form', { name: '诊断码' });
  await card.getByLabel('新诊断码').fill(code);
  await card.getByRole('button', { name: /设\s*置/ }).click();
  await expect(page.getByText('诊断码已设置')).toBeVisible();
  await expect(page.getByText('有效', { exact: true })).toBeVisible();

  await page.goto(`/#/debug?code=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: '调试' })).toBeVisible();
  await expect(page.getByRole('row', { name: /控制台版本\s*1\.0\.1/ })).toBeVisible();
  await expect(page.getByText('内置数据库（PGlite）')).toBeVisible();
  await expect(page.getByText('当前实例')).toBeVisible();
  await expect(page.getByRole('row', { name: /屏幕\s*\d+ × \d+/ })).toBeVisible();
  // The console socket of the page comes up.
  await expect(page.getByText('已连接', { exact: true })).toBeVisible();

  // A wrong code is still refused after the right one was used.
  await page.goto('/#/debug?code=not-the-code-2');
  await expect(page).toHaveURL(/#\/401$/);
});

test('the error log lists an error thrown in the page, exports it and clears it', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const marker = `e2e-boom-${Date.now().toString(36)}`;
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    }, 0);
  }, marker);

  await page.goto('/#/errorLogger');
  await expect(page.getByRole('heading', { level: 1, name: '错误日志' })).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('脚本');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^错误日志-\d{8}-\d{6}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFF类型,代码,信息,地址,时间');
  expect(text).toContain(`脚本,0,Uncaught Error: ${marker}`);

  await page.getByRole('button', { name: /清\s*空/ }).click();
  const confirm = page.getByRole('dialog', { name: '清空错误日志' });
  await expect(confirm).toBeVisible();
  await answerDialog(confirm, /清\s*空/);
  await expect(page.getByText('暂无错误')).toBeVisible();
  await expect(row).toHaveCount(0);
});
