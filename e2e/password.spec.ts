import { expect, test, type Page } from '@playwright/test';
import { OPERATOR } from './playwright.config.js';
import { signIn } from './support.js';

const NEW_PASSWORD = 'Patrol-e2e9x';

async function openChangePassword(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(page: Page, oldPassword: string, newPassword: string, confirm = newPassword) {
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill(oldPassword);
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill(confirm);
  await dialog
    .getByRole('button', { name: '修 改' })
    .or(dialog.getByRole('button', { name: '修改' }))
    .click();
}

test('a password change follows the rule, refuses a wrong old password, and the new one signs in', async ({ page }) => {
  await signIn(page, OPERATOR.account, OPERATOR.password);
  const dialog = await openChangePassword(page);

  // The rule from contracts, shown on the field before anything is sent.
  await fill(page, OPERATOR.password, 'abcd12345x');
  await expect(dialog.getByText('密码不能包含 4 位及以上连续递增或递减的数字')).toBeVisible();
  await fill(page, OPERATOR.password, NEW_PASSWORD, `${NEW_PASSWORD}1`);
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();

  // A wrong old password is the server's answer (envelope B, state 0).
  await fill(page, 'Not-the-old-1', NEW_PASSWORD);
  await expect(page.getByText('原密码错误')).toBeVisible();
  await expect(dialog).toBeVisible();

  await fill(page, OPERATOR.password, NEW_PASSWORD);
  await expect(page.getByText('密码修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Log out, the old password no longer works, the new one does; then put the old one back.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByLabel('账号').fill(OPERATOR.account);
  await page.getByLabel('密码').fill(OPERATOR.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();

  await signIn(page, OPERATOR.account, NEW_PASSWORD);
  await openChangePassword(page);
  await fill(page, NEW_PASSWORD, OPERATOR.password);
  await expect(page.getByText('密码修改成功')).toBeVisible();
});
