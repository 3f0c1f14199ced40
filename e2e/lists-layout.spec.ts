import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, menuPages, signIn, switchLanguage } from './support.js';

/** The smallest screen the console supports, and the most common one. */
const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
/** The language switch's labels; zh-CN is the default. */
const LANGUAGES = [
  { lang: 'zh-CN', label: null },
  { lang: 'zh-TW', label: '繁體中文' },
  { lang: 'en-US', label: 'English' },
];
/** A cut cell still shows at least this many characters (or all of a shorter text). */
const MIN_VISIBLE_CHARS = 8;

/** Rows whose texts are as long as a user's would be, so cut cells can be seen. */
async function seedRows(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const headers = { authorization: `Bearer ${token}` };
  const tag = Date.now().toString(36).toUpperCase();
  const robotIds: number[] = [];
  for (const [i, name] of ['North gate patrol unit', 'Warehouse B night patrol'].entries()) {
    const res = await page.request.post('/api/robot-server/robot/create', {
      headers,
      data: { productId: 'PR-1000', serialNumber: `LAYOUT-${tag}-${i}`, name: `${name} ${tag}` },
    });
    expect(res.ok()).toBe(true);
    robotIds.push(((await res.json()) as { data: { robot: { robotId: number } } }).data.robot.robotId);
  }
  const multicast = await page.request.post('/api/robot-server/multicast/create', {
    headers,
    data: {
      name: `Campus east multicast ${tag}`,
      enabled: true,
      ip: '239.1.2.3',
      telecontrolPort: 30001,
      telemetryPort: 30002,
      videoPort: 30003,
      robotIds,
    },
  });
  expect(multicast.ok()).toBe(true);
}

/** Robots and multicast configs of this spec, by the tag in their names. */
const SEEDED = /^LAYOUT-|^Campus east multicast /;

/** Deletes what `seedRows` made, so the specs after this one see the tenant as it was. */
async function removeSeededRows(request: APIRequestContext) {
  const password = createHash('sha256').update(ADMIN.password).digest('hex');
  const login = await request.post('/api/system-server/auth/login', { data: { account: ADMIN.account, password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const configs = await request.get('/api/robot-server/multicast/page?index=1&size=50', { headers });
  for (const row of ((await configs.json()) as { data: { rows: { multicastId: number; name: string }[] } }).data.rows) {
    if (SEEDED.test(row.name)) {
      await request.post('/api/robot-server/multicast/delete', { headers, data: { multicastId: row.multicastId } });
    }
  }
  const robots = await request.get('/api/robot-server/robot/page?index=1&size=50&keyword=LAYOUT-', { headers });
  for (const row of ((await robots.json()) as { data: { rows: { robotId: number; serialNumber: string }[] } }).data
    .rows) {
    if (SEEDED.test(row.serialNumber)) {
      await request.post('/api/robot-server/robot/delete', { headers, data: { robotId: row.robotId } });
    }
  }
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await removeSeededRows(request);
  } finally {
    await request.dispose();
  }
});

type Finding = { text: string; visible: number };

/**
 * Cells of the shown tables whose text is cut to fewer than MIN_VISIBLE_CHARS characters: any
 * element inside a cell that hides part of its text, visible characters taken as the share of its
 * width that is shown.
 */
function cutCells(min: number): Finding[] {
  const found: Finding[] = [];
  for (const table of Array.from(document.querySelectorAll<HTMLElement>('.ant-table'))) {
    if (!table.checkVisibility()) continue;
    for (const cell of Array.from(table.querySelectorAll<HTMLElement>('thead th, tbody td'))) {
      for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))]) {
        const text = el.innerText?.trim() ?? '';
        if (!text || el.scrollWidth <= el.clientWidth + 1) continue;
        if (getComputedStyle(el).overflowX === 'visible') continue;
        // A switch holds both of its labels and shows one by design.
        if (el.closest('.ant-switch')) continue;
        const visible = (text.length * el.clientWidth) / el.scrollWidth;
        if (visible < Math.min(min, text.length) - 0.5) found.push({ text, visible: Math.round(visible * 10) / 10 });
      }
    }
  }
  return found;
}

for (const screen of SCREENS) {
  for (const { lang, label } of LANGUAGES) {
    test.describe(`${screen.width}×${screen.height} in ${lang}`, () => {
      test.use({ viewport: screen });

      test('every list page fits the window and no cell is cut short', async ({ page }, testInfo) => {
        test.setTimeout(180_000);
        await signIn(page, ADMIN.account, ADMIN.password);
        if (lang === 'zh-CN' && screen.width === SCREENS[0]!.width) await seedRows(page);
        await switchLanguage(page, lang, label);
        const paths = await menuPages(page);
        expect(paths.length).toBeGreaterThan(10);
        const problems: string[] = [];
        let tables = 0;
        for (const path of paths) {
          await page.getByTestId('side-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`).click();
          await expect(page).toHaveURL(new RegExp(`#${path}(\\?|$)`));
          // Loaded: this page's own box is shown (the previous page stays on screen while the next
          // one's code loads), its frame shows, then its rows (the spinner goes).
          const current = page.locator(`.shell__page[data-page="${path}"]`);
          await expect(current).toBeVisible();
          const frame = '.ant-card, .ant-table, .ant-empty, .ant-result, .placeholder-page';
          await expect(current.locator(frame).locator('visible=true').first()).toBeVisible();
          await expect(
            page.locator('.route-fallback, .shell__content .ant-spin-spinning').locator('visible=true'),
          ).toHaveCount(0);
          const shown = current.locator('.ant-table').locator('visible=true');
          tables += await shown.count();
          const width = await page.evaluate(() => ({
            scroll: document.scrollingElement!.scrollWidth,
            inner: window.innerWidth,
          }));
          if (width.scroll > width.inner)
            problems.push(`${path}: the page is ${width.scroll}px wide in ${width.inner}px`);
          for (const cut of await page.evaluate(cutCells, MIN_VISIBLE_CHARS)) {
            problems.push(`${path}: "${cut.text}" shows about ${cut.visible} characters`);
          }
          if (process.env.LAYOUT_SCREENSHOTS) {
            await page.screenshot({ path: testInfo.outputPath(`${path.replaceAll('/', '_')}.png`) });
          }
        }
        expect(tables).toBeGreaterThan(10);
        expect(problems).toEqual([]);
      });
    });
  }
}
