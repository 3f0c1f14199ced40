import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, switchLanguage } from './support.js';

async function switchTo(page: Page, label: string) {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: label }).click();
}

const LANGUAGES = [
  {
    label: '繁體中文',
    lang: 'zh-TW',
    menu: '數據中心',
    logout: '登出',
    cancel: /^取\s*消$/,
    weekday: /星期日/,
    title: '修改密碼',
  },
  {
    label: 'English',
    lang: 'en-US',
    menu: 'Data',
    logout: 'Log out',
    cancel: 'Cancel',
    weekday: /Sunday/,
    title: 'Change password',
  },
  {
    label: '简体中文',
    lang: 'zh-CN',
    menu: '数据中心',
    logout: '退出登录',
    cancel: /^取\s*消$/,
    weekday: /星期日/,
    title: '修改密码',
  },
];

/**
 * The next Sunday, 10:00 in UTC+8 (a Sunday in UTC too), after now. Never in the past: the browser
 * expires the one-day login cookie by the real clock.
 */
function nextSunday(): Date {
  const shifted = new Date(Date.now() + 8 * 3_600_000);
  const days = (7 - shifted.getUTCDay()) % 7 || 7;
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + days, 2));
}

test('each of the three languages changes the menu, the console, Ant Design texts and dates, and survives a reload', async ({
  page,
}) => {
  // A fixed Sunday, so the weekday of the home page greeting is known.
  await page.clock.setFixedTime(nextSunday());
  await signIn(page, ADMIN.account, ADMIN.password);
  const menu = page.getByTestId('side-menu');
  for (const l of LANGUAGES) {
    await switchLanguage(page, l.lang, l.label);
    await expect(menu.getByRole('menuitem', { name: l.menu, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await page.reload();
    await expect(menu.getByRole('menuitem', { name: l.menu, exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(l.lang);
    await expect(page.getByText(l.weekday)).toBeVisible();

    // Ant Design's own texts (the modal's cancel button) follow the language too.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: l.logout })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: l.title });
    // A pick that lands while the menu still moves into place is tried again.
    await expect(async () => {
      const item = page.getByRole('menuitem', { name: l.title });
      if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
      await item.click({ timeout: 3000 });
      await expect(dialog).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: l.cancel })).toBeVisible();
    // Not while it zooms in: a click pressed there is released elsewhere, and is lost.
    await expect(dialog).not.toHaveClass(/ant-zoom/);
    await dialog.getByRole('button', { name: l.cancel }).click();
    await expect(dialog).toBeHidden();
  }
});

test('the login page has its own language switch', async ({ page }) => {
  await page.goto('/');
  await switchTo(page, 'English');
  await expect(page.getByLabel('Account')).toBeVisible();
  await page.getByLabel('Account').fill('nobody');
  await page.getByLabel('Password').fill('Whatever-pw1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
  await switchTo(page, '简体中文');
  await expect(page.getByLabel('账号')).toBeVisible();
});
