import { expect, test, type Locator } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, signIn, startE2eFleet } from './support.js';

let fleet: Fleet;
const SERIAL = 'PC-0001';
const POINTS = 60_000;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 1,
    prefix: 'PC',
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
    faultChance: 0,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

/**
 * What the canvas shows, read back from its drawing buffer: how many distinct colours among a grid
 * of its pixels, and a digest of them (to tell two pictures apart).
 */
async function picture(canvas: Locator): Promise<{ colours: number; digest: string }> {
  return canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d')!;
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const colours = new Set<number>();
    let digest = 0;
    for (let i = 0; i < data.length; i += 4 * 7) {
      const rgb = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      colours.add(rgb);
      digest = (Math.imul(digest, 31) + rgb) | 0;
    }
    return { colours: colours.size, digest: String(digest) };
  });
}

test("a robot's scan is listed on the point cloud page and drawn in 3D; another colour mode draws another picture", async ({
  page,
}) => {
  const upload = await fleet.uploadPointCloud(SERIAL, { points: POINTS, name: 'e2e-yard.pcd' });
  expect(upload.status).toBe(201);

  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/trendVision/trendPoint');
  await expect(page.getByRole('heading', { level: 1, name: '点云' })).toBeVisible();
  const list = page.getByRole('list', { name: '点云，最新扫描在前' });
  const item = list.getByRole('button').filter({ hasText: 'PC 001' }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText('60,000 个点');
  // The latest scan is shown at once.
  await expect(item).toHaveAttribute('aria-pressed', 'true');

  const canvas = page.getByRole('img', { name: /点云 e2e-yard\.pcd 的三维视图/ });
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('points-shown')).toHaveText('已显示 60,000 个点');
  await expect(page.getByText(/^高度：/)).toBeVisible();

  // Not one flat colour: the yard's ground, walls and poles in the height ramp over the background.
  await expect.poll(async () => (await picture(canvas)).colours, { timeout: 10_000 }).toBeGreaterThan(20);
  const byHeight = await picture(canvas);

  await page.getByText('强度', { exact: true }).click();
  await expect(page.getByText(/^强度：/)).toBeVisible();
  await expect.poll(async () => (await picture(canvas)).digest, { timeout: 10_000 }).not.toBe(byHeight.digest);

  // The keyboard moves the view too: the focused canvas turns with Shift and an arrow key.
  const byIntensity = await picture(canvas);
  await canvas.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await picture(canvas)).digest, { timeout: 10_000 }).not.toBe(byIntensity.digest);
  await page.getByRole('button', { name: '重置视角' }).click();
  await expect.poll(async () => (await picture(canvas)).digest, { timeout: 10_000 }).toBe(byIntensity.digest);
});
