import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('an administrator creates, edits, finds, disables, resets and deletes a user', async ({ page, browser }) => {
  const account = `u${Date.now().toString(36)}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '用户管理');
  // The administrator itself: marked, and its own status cannot be switched off.
  const me = page.locator('.ant-table-row').filter({ hasText: '本人' });
  await expect(me.getByRole('switch')).toBeDisabled();

  await page.getByRole('button', { name: '新增用户' }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('账号').fill('has space');
  await dialog.getByLabel('电话').fill('12ab');
  await dialog.getByLabel('密码', { exact: true }).fill('abc12345');
  await dialog.getByLabel('身高').fill('400');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('账号只能包含字母、数字和 _ . @ -')).toBeVisible();
  await expect(dialog.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(dialog.getByText('密码不能包含 4 位及以上连续递增或递减的数字')).toBeVisible();
  await expect(dialog.getByText('身高应为 30 到 250 厘米，最多一位小数')).toBeVisible();
  await expect(dialog.getByText('请输入用户名')).toBeVisible();

  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('用户名').fill('李巡检');
  await dialog.getByLabel('电话').fill('13900139000');
  await dialog.getByLabel('密码', { exact: true }).fill('Patrol-ab9x');
  await dialog.getByLabel('确认密码').fill('Patrol-ab9y');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('Patrol-ab9x');
  await dialog.getByLabel('身高').fill('172.5');
  await dialog.getByLabel('角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '管理员' }).click();
  await dialog.getByLabel('用户名').click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('用户已创建')).toBeVisible();

  await page.getByLabel('关键字').fill(account);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: account });
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText('管理员');

  // Signed in elsewhere, then disabled: the session ends.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, account, 'Patrol-ab9x');
  await row.getByRole('switch').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await userPage.reload();
  await expect(userPage).toHaveURL(/#\/login/);
  await row.getByRole('switch').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row.getByRole('switch')).toBeChecked();

  // Reset the password under the password rule; the new one signs in.
  await row.getByRole('button', { name: '重置密码' }).click();
  const reset = page.getByRole('dialog', { name: `重置密码：${account}` });
  await reset.getByLabel('密码', { exact: true }).fill('12345678');
  await reset.getByRole('button', { name: /确\s*定/ }).click();
  await expect(reset.getByText('密码至少包含一个字母')).toBeVisible();
  await reset.getByLabel('密码', { exact: true }).fill('Fresh-pass7');
  await reset.getByLabel('确认密码').fill('Fresh-pass7');
  await reset.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('密码已重置，该用户需要用新密码重新登录')).toBeVisible();
  await signIn(userPage, account, 'Fresh-pass7');
  await other.close();

  // Edit: no role left shows "No Role Assigned".
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑用户' });
  await expect(edit.getByLabel('账号')).toBeDisabled();
  await edit.getByLabel('用户名').fill('李工');
  const roles = edit
    .locator('.ant-form-item')
    .filter({ has: page.getByText('角色', { exact: true }) })
    .locator('.ant-select');
  await expect(roles).toContainText('管理员');
  await roles.hover();
  await roles.locator('.ant-select-clear').click();
  await expect(roles).not.toContainText('管理员');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('李工');
  await expect(row).toContainText('未分配角色');

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
});
