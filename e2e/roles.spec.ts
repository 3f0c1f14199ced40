import { expect, test } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('an administrator creates a role, edits it, grants it menus and resources, and deletes it', async ({ page }) => {
  const code = `r${Date.now().toString(36)}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '角色管理');

  await page.getByRole('button', { name: '新增角色' }).click();
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await dialog.getByLabel('角色编码').fill('1bad');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('角色编码以字母开头，只能包含字母、数字、_ 和 -')).toBeVisible();
  await expect(dialog.getByText('请输入角色名称')).toBeVisible();
  await dialog.getByLabel('角色名称').fill('值守员');
  await dialog.getByLabel('角色编码').fill(code);
  await dialog.getByLabel('备注').fill('夜间值守');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('角色已创建')).toBeVisible();

  const search = page.locator('.list-search-bar');
  await search.getByLabel('角色编码').fill(code);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: code });
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑角色' });
  await edit.getByLabel('角色名称').fill('夜班值守员');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('夜班值守员');

  // Search by a part of the name, with the code cleared.
  await search.getByRole('button', { name: /重\s*置/ }).click();
  await search.getByLabel('角色名称').fill('夜班值守');
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);

  // Permissions: a page of the menu tree and one resource.
  await row.getByRole('button', { name: '分配权限' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('分配权限：夜班值守员')).toBeVisible();
  await drawer.getByTitle('实时监控').locator('xpath=..').locator('.ant-tree-checkbox').click();
  await drawer.getByRole('tab', { name: /资源/ }).click();
  await drawer.getByPlaceholder('按接口或描述筛选').fill('notice/publish');
  await drawer.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
  await expect(drawer.getByRole('tab', { name: '资源（1）' })).toBeVisible();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('权限已保存，下一次请求即生效')).toBeVisible();

  // Kept: the page, its group, and the resource.
  await row.getByRole('button', { name: '分配权限' }).click();
  await expect(drawer.getByRole('tab', { name: '菜单（2）' })).toBeVisible();
  await expect(drawer.getByRole('tab', { name: '资源（1）' })).toBeVisible();
  await expect(drawer.getByTitle('实时监控').locator('xpath=..').locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await drawer.getByRole('tab', { name: /资源/ }).click();
  await drawer.getByPlaceholder('按接口或描述筛选').fill('notice/publish');
  await expect(drawer.locator('.ant-table-row').first().locator('.ant-checkbox-input')).toBeChecked();
  await drawer.getByRole('button', { name: /取\s*消/ }).click();

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
});
