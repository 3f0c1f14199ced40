import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openFromMenu, signIn } from './support.js';

const rowOf = (page: Page, title: string) =>
  page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('menu management adds, edits, disables and deletes a menu, and the side menu follows', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '菜单管理');
  const side = page.getByTestId('side-menu');

  const data = rowOf(page, '数据中心');
  await data.getByRole('button', { name: '添加下级' }).click();
  const dialog = page.getByRole('dialog', { name: '新增菜单' });
  await dialog.getByLabel('路由名称').fill('9report');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('路由名称以字母开头，只能包含字母、数字、_ 和 -，最多 100 个字符')).toBeVisible();
  await expect(dialog.getByText('请输入简体中文名称')).toBeVisible();
  await dialog.getByLabel('路由名称').fill('patrolReport');
  await dialog.getByLabel('路径').fill('patrolReport');
  await dialog.getByLabel('简体中文名称').fill('巡检报告');
  await dialog.getByLabel('繁体中文名称').fill('巡檢報告');
  await dialog.getByLabel('英文名称').fill('Patrol report');
  await dialog.getByLabel('排序').fill('1');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('菜单已创建')).toBeVisible();

  // The side menu shows it at once, under its parent.
  await side.getByRole('menuitem', { name: '数据中心', exact: true }).click();
  await expect(side.getByRole('menuitem', { name: '巡检报告' })).toBeVisible();

  await data.locator('.ant-table-row-expand-icon').click();
  const row = rowOf(page, '巡检报告');
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑菜单' });
  await expect(edit.getByLabel('路由名称')).toBeDisabled();
  await edit.getByLabel('简体中文名称').fill('巡检日报');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(side.getByRole('menuitem', { name: '巡检日报' })).toBeVisible();

  const report = rowOf(page, '巡检日报');
  await report.getByRole('switch').click();
  await expect(page.getByText('确定停用「巡检日报」吗？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(report.getByRole('switch')).not.toBeChecked();
  await expect(side.getByRole('menuitem', { name: '巡检日报' })).toHaveCount(0);

  // A built-in menu's delete is disabled; this one's is not.
  await expect(data.getByRole('button', { name: '删除' })).toBeDisabled();
  await report.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(rowOf(page, '巡检日报')).toHaveCount(0);
});
