import { expect, test } from '@playwright/test';
import { OPERATOR } from './playwright.config.js';
import { ADMIN, openFromMenu, signIn } from './support.js';

test('an expose account of a tenant buys a one-time token that opens the console for one of its users', async ({
  page,
  browser,
}) => {
  const account = `portal${Date.now().toString(36)}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '系统管理', '第三方账号');
  await expect(page.getByText('请先选择租户，再查看它的第三方账号')).toBeVisible();
  await expect(page.getByRole('button', { name: '新增账号' })).toBeDisabled();
  await page.getByLabel('租户', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '巡检一部' }).click();

  await page.getByRole('button', { name: '新增账号' }).click();
  const dialog = page.getByRole('dialog', { name: '新增第三方账号' });
  await dialog.getByLabel('名称').fill('物业平台');
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('连接密码').fill('Conn-pass-99');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('不能包含中文字符')).toBeVisible();
  await dialog.getByLabel('名称').fill('Property portal');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('第三方账号已创建')).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ hasText: account });
  await expect(row).toContainText('Property portal');

  // The third party's server buys a token for the operator of that tenant.
  const tenantId = await page.evaluate(async () => {
    const res = await fetch('/api/system-server/tenant/options', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const body = (await res.json()) as { data: { tenantId: number; tenantName: string }[] };
    return body.data.find((t) => t.tenantName === '巡检一部')!.tenantId;
  });
  const bought = await page.request.post('/api/system-server/expose/token', {
    data: { tenantId, account, password: 'Conn-pass-99', userAccount: OPERATOR.account },
  });
  expect(bought.status()).toBe(200);
  const { loginPath } = (await bought.json()).data as { loginPath: string };

  // The user's browser opens it: straight into the console, as the operator.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await userPage.goto(loginPath);
  await expect(userPage).toHaveURL(/#\/home/);
  await expect(
    userPage.getByTestId('side-menu').getByRole('menuitem', { name: '数据中心', exact: true }),
  ).toBeVisible();
  expect(await userPage.evaluate(() => sessionStorage.getItem('isExternal'))).toBe('1');

  // Once only; and the page names each missing parameter.
  const again = await other.newPage();
  await again.goto(loginPath);
  await expect(again.getByText('验证失败')).toBeVisible();
  await again.goto(`/#/external-login?tenantId=${tenantId}`);
  await expect(again.getByText('缺少 token 参数')).toBeVisible();
  await again.goto('/#/external-login?token=abc');
  await expect(again.getByText('缺少租户 ID 参数')).toBeVisible();
  await again.goto('/#/external-login?token=abc&tenantId=99999');
  await expect(again.getByText('获取租户信息失败')).toBeVisible();
  await other.close();

  // Disabling the account (with confirmation) stops it buying tokens.
  await row.getByRole('switch').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定停用' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('switch')).not.toBeChecked();
  const refused = await page.request.post('/api/system-server/expose/token', {
    data: { tenantId, account, password: 'Conn-pass-99', userAccount: OPERATOR.account },
  });
  expect(refused.status()).toBe(401);

  // Rename it, keeping its password; then delete it.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑第三方账号' });
  await expect(edit.getByLabel('账号')).toBeDisabled();
  await edit.getByLabel('名称').fill('Portal v2');
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('Portal v2');
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: account })).toHaveCount(0);
});
