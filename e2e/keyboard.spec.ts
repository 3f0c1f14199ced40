import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './support.js';

/**
 * The console by keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7): no mouse event anywhere, only keys and
 * where the focus is after each of them.
 */

/**
 * Presses `key` until `target` has the focus (at most `max` times): for stops whose count does not
 * matter. After each press it waits for the focus to move (a menu moves it on its next frame), so a
 * slow move is never taken for a stop and pressed past.
 */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press(key);
    await page
      .waitForFunction((element) => document.activeElement !== element, before, { timeout: 2000 })
      .catch(() => undefined);
    await before.dispose();
  }
  await expect(target).toBeFocused();
}

test('signing in, a page of the side menu, a dialog, the tags and the language, by keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const roleName = `键盘值守${Date.now().toString(36)}`;
  const roleCode = `kb${Date.now().toString(36)}`;

  // Sign in: the language switch comes first, then the account, the password, and Enter.
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  // The first Tab once the form is there (a Tab on a page still loading lands nowhere).
  await expect(page.getByLabel('密码')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('language-switch')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('账号')).toBeFocused();
  await page.keyboard.type(ADMIN.account);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('密码')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/home$/);
  const sideMenu = page.getByTestId('side-menu');
  await expect(sideMenu).toBeVisible();

  // The first Tab of the shell is the skip link, shown while focused; the next one is the side menu.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到页面内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(sideMenu).toBeFocused();

  // The side menu: the arrows move, Enter opens a section, and then a page.
  const system = sideMenu.getByRole('menuitem', { name: '系统管理', exact: true });
  await pressUntilFocused(page, 'ArrowDown', system, 15);
  await page.keyboard.press('Enter');
  const roles = sideMenu.getByRole('menuitem', { name: '角色管理', exact: true });
  await expect(roles).toBeVisible();
  await pressUntilFocused(page, 'ArrowDown', roles, 15);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/sys\/rolectrl$/);
  await expect(page.getByTestId('tag-rolectrl')).toHaveAttribute('aria-selected', 'true');
  await expect(roles).toBeFocused();

  // Back to the skip link (past the menu's own stop, antd's list), and from it to the page.
  await pressUntilFocused(page, 'Shift+Tab', skip, 3);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A new role: the button opens the dialog, the fields are filled, and Enter in a one-line field sends it.
  const create = page.getByRole('button', { name: '新增角色' });
  await pressUntilFocused(page, 'Tab', create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await expect(dialog).toBeVisible();
  // Once it has zoomed in: at the end of its animation antd puts the focus on the dialog itself.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await pressUntilFocused(page, 'Tab', dialog.getByLabel('角色名称'), 5);
  await page.keyboard.type(roleName);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('角色编码')).toBeFocused();
  await page.keyboard.type(roleCode);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('备注')).toBeFocused();
  await page.keyboard.type('键盘新建');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByLabel('角色编码')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('角色已创建')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-table-row').filter({ hasText: roleCode })).toContainText(roleName);
  // The closed dialog gives the focus back to the button that opened it.
  await expect(create).toBeFocused();

  // Escape closes a dialog, and the focus goes back to its button.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('角色名称')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  // The open pages: Tab reaches the active tag only; the arrows move, Enter opens.
  const home = page.getByTestId('tag-home');
  const rolesTag = page.getByTestId('tag-rolectrl');
  await pressUntilFocused(page, 'Shift+Tab', rolesTag);
  // The focused tag shows it: the console's outline, 2px or more.
  const outline = await rolesTag.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('ArrowRight');
  await expect(home).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(rolesTag).toBeFocused();
  await page.keyboard.press('Home');
  await expect(home).toBeFocused();
  await expect(page).toHaveURL(/#\/sys\/rolectrl$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(home).toHaveAttribute('aria-selected', 'true');
  await expect(home).toBeFocused();

  // A tag's menu opens with Shift+F10 and closes with Escape, on the tag.
  await page.keyboard.press('End');
  await expect(rolesTag).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rolesTag).toBeFocused();

  // Delete closes the focused tag; the focus goes to its neighbour.
  await page.keyboard.press('Delete');
  await expect(rolesTag).toHaveCount(0);
  await expect(home).toBeFocused();
  await expect(page).toHaveURL(/#\/home$/);

  // The language menu: Enter opens it on the language in use, the arrows move, Enter picks, the focus returns.
  const language = page.getByTestId('language-switch');
  await pressUntilFocused(page, 'Shift+Tab', language);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: '简体中文' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: '繁體中文' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(language).toBeFocused();
  await expect(language).toHaveAccessibleName(/^English/);

  // ArrowDown opens it too, now on English; Escape closes it on the button and changes nothing.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: '繁體中文' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(language).toHaveAttribute('aria-expanded', 'false');
  await expect(language).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  // The user menu: its first item that can be chosen takes the focus; Escape gives it back.
  const user = page.getByTestId('user-menu');
  await pressUntilFocused(page, 'Tab', user, 6);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Refresh cache' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(user).toBeFocused();
});
