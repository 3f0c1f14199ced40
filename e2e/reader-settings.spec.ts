import { expect, test, type Page } from '@playwright/test';
import { ADMIN, menuPages, signIn } from './support.js';

/** A 1366×768 screen zoomed to 200 %: the page lays out in half as many CSS pixels. */
const ZOOMED = { width: 683, height: 384 };

/** What a zoomed reader cannot reach: the page scrolling sideways, header controls past the edge. */
async function hiddenAtZoom(page: Page): Promise<string[]> {
  return page.evaluate((viewportWidth) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways (${root.scrollWidth}px)`);
    for (const control of Array.from(
      document.querySelectorAll<HTMLElement>('.shell__actions > *, .shell__header > button'),
    )) {
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > viewportWidth + 1 || box.left < 0) {
        problems.push(
          `${control.getAttribute('data-testid') ?? control.className} lies outside (${box.left}–${box.right})`,
        );
      }
    }
    return problems;
  }, ZOOMED.width);
}

test('at 200 % zoom of a 1366×768 screen every page of the menu keeps its header and content in reach', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN.account, ADMIN.password);
  const paths = await menuPages(page);
  expect(paths.length).toBeGreaterThan(10);
  await page.setViewportSize(ZOOMED);

  // The low-resolution warning says so, and can be closed so that it covers nothing.
  const warning = page.getByRole('alert').filter({ hasText: '683×384' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: '关闭提示' }).click();
  await expect(warning).toHaveCount(0);

  // The menu folds to its icons, and opens again from its toggle.
  const sider = page.locator('.shell__sider');
  await expect.poll(async () => (await sider.boundingBox())?.width).toBeLessThan(100);

  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`/#${path}`);
    const shown = page.locator(`.shell__page[data-page="${path}"]`);
    await expect(shown).toBeVisible();
    await expect(page.locator('.route-fallback').locator('visible=true')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toBeInViewport();
    for (const problem of await hiddenAtZoom(page)) found.push(`${path}: ${problem}`);
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('less motion asked for: dialogs open without animating and the map does not glide', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/sys/rolectrl');
  await page.getByRole('button', { name: '新增角色' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // antd's motion is off: no enter animation runs on the dialog.
  const animated = await dialog.evaluate((el) => {
    const running = el.closest('.ant-modal-root')?.getAnimations({ subtree: true }) ?? [];
    return running.filter((a) => a.playState === 'running').length + (el.closest('[class*="-enter"]') ? 1 : 0);
  });
  expect(animated).toBe(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The live map jumps instead of gliding.
  await page.goto('/#/data/position');
  const map = page.getByTestId('fleet-map');
  await expect(map).toBeVisible();
  await expect(map).not.toHaveClass(/leaflet-zoom-anim|leaflet-fade-anim/);
});

test('without that setting the console keeps its motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/data/position');
  await expect(page.getByTestId('fleet-map')).toHaveClass(/leaflet-fade-anim/);
});
