import { expect, type Locator, type Page } from '@playwright/test';
import { startFleet, type Fleet, type FleetOptions } from '@patrol/robot-sim';
import { ADMIN_PASSWORD, E2E_MQTT_PORT, E2E_PORT } from './playwright.config.js';

export const ADMIN = { account: 'admin', password: ADMIN_PASSWORD };

/**
 * Simulated robots registered by the administrator in the e2e console and connected to its
 * embedded broker; their keys are kept in memory only.
 */
export function startE2eFleet(
  options: Omit<FleetOptions, 'apiUrl' | 'brokerUrl' | 'account' | 'password' | 'keysFile'>,
): Promise<Fleet> {
  return startFleet({
    apiUrl: `http://127.0.0.1:${E2E_PORT}`,
    brokerUrl: `mqtt://127.0.0.1:${E2E_MQTT_PORT}`,
    account: ADMIN.account,
    password: ADMIN.password,
    keysFile: null,
    ...options,
  });
}

/** Signs in through the login page (in zh-CN, the default language) and waits for the home page. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/home/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** Opens a page from the side menu: the group first, then the item. */
export async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.getByTestId('side-menu');
  const link = menu.getByRole('menuitem', { name: item, exact: true });
  // A click that lands while the group is still unfolding opens nothing: try again until the item is the page.
  await expect(async () => {
    if (!(await link.isVisible())) await menu.getByRole('menuitem', { name: group, exact: true }).click();
    await link.click({ timeout: 3000 });
    await expect(link).toHaveClass(/ant-menu-item-selected/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens every section of the side menu and gives the route path of each page in it. */
export async function menuPages(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  const groups = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await groups.count()) > 0) await groups.first().click();
  const ids = await menu
    .locator('li.ant-menu-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id') ?? ''));
  // antd names each item `<menu id>-<key>`, and the keys are the route paths.
  return ids.map((id) => id.slice(id.indexOf('-/') + 1)).filter((path) => path.startsWith('/'));
}

/** An API answer in envelope A. */
export type Answer<T = unknown> = { code: number; message: string; data: T };

/** Calls the API as the user signed in on the page, in the tenant the console acts in. */
export async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  const { token, tenantId } = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    tenantId: localStorage.getItem('tenantId') ?? '1',
  }));
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'tenant-id': tenantId },
    data: body,
  });
  return (await res.json()) as Answer<T>;
}

/**
 * Answers a confirmation dialog with one of its buttons and waits until it has closed. A click
 * that lands while the dialog is still opening is lost on a loaded machine, so it is tried again
 * while the dialog stays open.
 */
export async function answerDialog(dialog: Locator, button: RegExp | string): Promise<void> {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: button }).click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Switches the console to `lang` from the header's language switch (`label` its menu item; null
 * for the default, nothing to do) and waits until the page is in that language.
 */
export async function switchLanguage(page: Page, lang: string, label: string | null) {
  if (!label) return;
  // The home page redraws as the fleet's figures arrive: a pick that lands while the menu is still
  // moving into place is tried again.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: label }).isVisible())) {
      await page.getByTestId('language-switch').click();
    }
    await page.getByRole('menuitem', { name: label }).click({ timeout: 3000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  // The drop-down is gone, not caught half faded out.
  await expect(page.locator('.ant-dropdown').locator('visible=true')).toHaveCount(0);
}

/**
 * Clicks a map at offsets (px) from its centre once it stands still: a dialog's opening animation
 * moves the map's box, and a first fit moves its view; a click measured before either ends lands
 * elsewhere (and a polygon's closing click then misses its first vertex).
 */
export async function clickMap(page: Page, testId: string, points: [number, number][]): Promise<void> {
  const map = page.getByTestId(testId);
  const where = async () =>
    JSON.stringify([
      await map.boundingBox(),
      await map.locator('.leaflet-map-pane').evaluate((pane) => getComputedStyle(pane).transform),
    ]);
  let before = await where();
  await expect
    .poll(
      async () => {
        const now = await where();
        const still = now === before;
        before = now;
        return still;
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(true);
  const box = (await map.boundingBox())!;
  for (const [dx, dy] of points) await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

/**
 * Waits until no drop-down panel of the page is folding or unfolding: a click on one still moving
 * into place can land beside its target, or on the page under it.
 */
export async function dropdownsSettled(page: Page): Promise<void> {
  await expect(
    page.locator('.ant-dropdown[class*="-leave"], .ant-dropdown[class*="-enter"], .ant-dropdown[class*="-appear"]'),
  ).toHaveCount(0);
}
