import { expect, test, type Page } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, openFromMenu, signIn, startE2eFleet } from './support.js';

let fleet: Fleet;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 2,
    prefix: 'MAP',
    speed: 4,
    telemetryMs: 500,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

/** No internet: every request to another host than this machine fails; the hosts asked are kept. */
async function offline(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    refused.push(url.hostname);
    return route.abort('internetdisconnected');
  });
  return refused;
}

const plan = (page: Page) => page.locator('.leaflet-tile-pane img.map-site-plan');
/** The natural width of the site plan once its image (fetched with the session) has loaded, else 0. */
const planWidth = (page: Page) =>
  plan(page).evaluate((img: HTMLImageElement) => (img.src.startsWith('blob:') && img.complete ? img.naturalWidth : 0));
const layerNames = async (page: Page) =>
  (await page.locator('[data-testid="map-layers"] .leaflet-control-layers-base label').allInnerTexts()).map((t) =>
    t.trim(),
  );

async function chooseLayer(page: Page, name: string) {
  const switcher = page.getByTestId('map-layers');
  await switcher.hover();
  await switcher.locator('label').filter({ hasText: name }).click();
}

test('with no internet the live map shows the generated site under the robots, with its controls', async ({ page }) => {
  const refused = await offline(page);
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '数据中心', '实时监控');
  await expect(page.getByTestId('fleet-count')).toHaveText('在线 2 / 共 2');

  // The site plan, fetched with the session from the console itself, drawn under the robots' layer.
  await expect(plan(page)).toHaveCount(1);
  await expect.poll(() => planWidth(page)).toBeGreaterThan(1000);
  await expect(page.locator('.leaflet-overlay-pane canvas')).toHaveCount(1);
  // The robots are on the plan: the map fitted to them shows the plan around them.
  const box = (await plan(page).boundingBox())!;
  const map = (await page.getByTestId('fleet-map').boundingBox())!;
  expect(box.x).toBeLessThan(map.x + map.width / 2);
  expect(box.x + box.width).toBeGreaterThan(map.x + map.width / 2);
  expect(refused).toEqual([]);

  // Scale bar, coordinates under the cursor (WGS84) and full screen.
  await expect(page.locator('.leaflet-control-scale-line')).toHaveText(/^\d+ (m|km)$/);
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
  await expect(page.getByTestId('map-coordinates')).toHaveText(/^坐标 \(WGS84\) 114\.0\d{5}, 22\.54\d{4}$/);
  await expect(page.getByTestId('fleet-map').getByRole('button', { name: '地图全屏' })).toBeVisible();

  // The switcher lists the base layers, the site plan first; the online map fails here, as it should.
  expect(await layerNames(page)).toEqual(['演示园区 Demo site', '在线地图']);
  await chooseLayer(page, '在线地图');
  await expect(plan(page)).toHaveCount(0);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await chooseLayer(page, '演示园区 Demo site');
  await expect(plan(page)).toHaveCount(1);
  await expect.poll(() => planWidth(page)).toBeGreaterThan(1000);
});

test('the map keeps its view and base layer when its page is left and opened again', async ({ page }) => {
  await offline(page);
  await signIn(page, ADMIN.account, ADMIN.password);
  await openFromMenu(page, '数据中心', '实时监控');
  await expect(page.getByTestId('fleet-count')).toHaveText('在线 2 / 共 2');
  await expect.poll(() => planWidth(page)).toBeGreaterThan(1000);

  // Zoom out and drag the map somewhere else.
  await page.getByRole('button', { name: '缩小' }).click();
  const map = (await page.getByTestId('fleet-map').boundingBox())!;
  await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
  await page.mouse.down();
  await page.mouse.move(map.x + map.width / 2 - 120, map.y + map.height / 2 + 60, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  const before = (await plan(page).boundingBox())!;

  const same = async () => {
    await expect.poll(() => planWidth(page)).toBeGreaterThan(1000);
    await page.waitForTimeout(500);
    const after = (await plan(page).boundingBox())!;
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(after[key] - before[key])).toBeLessThan(2);
  };

  // Another tab and back: the page was kept.
  await openFromMenu(page, '数据中心', '历史数据');
  await expect(page.getByTestId('fleet-map')).toBeHidden();
  await page.getByTestId('tag-position').click();
  await same();

  // The tab closed and the page opened again: a new map, at the view it was left at.
  await page.getByTestId('tag-position').locator('.tag-bar__close').click();
  await expect(page.getByTestId('fleet-map')).toHaveCount(0);
  await openFromMenu(page, '数据中心', '实时监控');
  await same();

  // The chosen base layer is kept too.
  await chooseLayer(page, '在线地图');
  await expect(plan(page)).toHaveCount(0);
  await page.getByTestId('tag-position').locator('.tag-bar__close').click();
  await expect(page.getByTestId('fleet-map')).toHaveCount(0);
  await openFromMenu(page, '数据中心', '实时监控');
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  const checked = page.locator('[data-testid="map-layers"] .leaflet-control-layers-base input:checked + span');
  await expect(checked).toHaveText(/在线地图/);
  await expect(plan(page)).toHaveCount(0);
  await chooseLayer(page, '演示园区 Demo site');
  await expect(plan(page)).toHaveCount(1);
});
