import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('a platform administrator creates, edits, finds, disables and enables a tenant, and acts in it', async ({
  page,
  browser,
}) => {
  const code = `t${Date.now().toString(36)}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '租户管理');
  await expect(page.getByRole('cell', { name: 'platform' })).toBeVisible();

  // Bad input: the field messages of the contract, and nothing is sent.
  await page.getByRole('button', { name: '新增租户' }).click();
  const dialog = page.getByRole('dialog', { name: '新增租户' });
  await dialog.getByLabel('租户编码').fill('bad code!');
  await dialog.getByLabel('管理员电话').fill('12ab');
  await dialog.getByLabel('管理员密码', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('租户编码只能包含字母、数字、_ 和 -，且以字母或数字开头')).toBeVisible();
  await expect(dialog.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(dialog.getByText('密码长度为 8 到 15 位')).toBeVisible();
  await expect(dialog.getByText('请输入租户名称')).toBeVisible();

  await dialog.getByLabel('租户编码').fill(code);
  await dialog.getByLabel('租户名称').fill('华东巡检公司');
  await dialog.getByLabel('管理员账号').fill(`${code}-admin`);
  await dialog.getByLabel('管理员姓名').fill('张工');
  await dialog.getByLabel('管理员电话').fill('13800138000');
  await dialog.getByLabel('管理员邮箱').fill('zhang@example.com');
  await dialog.getByLabel('管理员密码', { exact: true }).fill('Huadong-2026');
  await dialog.getByLabel('确认密码').fill('Huadong-2026');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('租户已创建，管理员可以登录了')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Search by code, then edit the name.
  await page.getByLabel('关键字').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑租户' });
  await expect(edit.getByLabel('租户编码')).toBeDisabled();
  await edit.getByLabel('租户名称').fill('华东巡检有限公司');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('华东巡检有限公司');

  // The new administrator signs in, in a browser of its own.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await signIn(adminPage, `${code}-admin`, 'Huadong-2026');
  await expect(adminPage.getByTestId('side-menu').getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect(adminPage.getByTestId('tenant-switcher')).toHaveCount(0);

  // Disabling asks first; cancelling changes nothing; confirming ends the administrator's session.
  const status = row.getByRole('switch');
  await status.click();
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(status).toBeChecked();
  await status.click();
  await expect(page.getByText('确定停用「华东巡检有限公司」吗？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(status).not.toBeChecked();
  await adminPage.reload();
  await expect(adminPage).toHaveURL(/#\/login/);
  await other.close();

  await status.click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(status).toBeChecked();

  // Act in the new tenant: the header shows it, and the server answers for it.
  await page.getByTestId('tenant-switcher').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '华东巡检有限公司' }).click();
  await expect(page.getByText('已切换到租户：华东巡检有限公司')).toBeVisible();
  await openFromMenu(page, '日志管理', '登录日志');
  // The tenant list stays open (hidden) in its tab: look at the visible table only.
  await expect(page.locator('.ant-table-row:visible').filter({ hasText: `${code}-admin` })).toHaveCount(1);
});
