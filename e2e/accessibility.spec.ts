import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ADMIN, menuPages, signIn } from './support.js';

/** axe-core's own build, evaluated in the page through the driver: the console's CSP stays as it is. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA, as axe tags it. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What fails the suite; the other impacts are counted and printed. */
const FAILING = new Set(['serious', 'critical']);
/** The language switch's labels; zh-CN is the default. */
const LANGUAGES = [
  { lang: 'zh-CN', label: null },
  { lang: 'en-US', label: 'English' },
];

type Violation = { id: string; impact: string; help: string; targets: string[] };

async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  }, TAGS);
}

/** The part of axe's API this suite uses (the page has no types of its own for it). */
type AxeApi = {
  run: (
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ) => Promise<{
    violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[];
  }>;
};

/** Violations of every page looked at, counted by rule and impact, and the ones that fail. */
class Findings {
  private counts = new Map<string, number>();
  readonly failing: string[] = [];

  add(where: string, violations: Violation[]) {
    for (const v of violations) {
      const key = `${v.id} (${v.impact})`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + v.targets.length);
      if (FAILING.has(v.impact)) {
        this.failing.push(`${where}: ${v.id} (${v.impact}) ${v.help}\n    ${v.targets.join('\n    ')}`);
      }
    }
  }

  async report(testInfo: TestInfo) {
    const lines = [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`);
    const text = `axe nodes by rule, ${testInfo.title}:\n  ${lines.join('\n  ') || 'none'}`;
    console.log(text);
    await testInfo.attach('axe-counts', { body: text, contentType: 'text/plain' });
  }
}

async function switchLanguage(page: Page, lang: string, label: string | null) {
  if (!label) return;
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The drop-down is gone, not caught half faded out.
  await expect(page.locator('.ant-dropdown').locator('visible=true')).toHaveCount(0);
}

/** Waits until the shown page of the shell has its frame and its rows (the spinners have gone). */
async function pageLoaded(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`#${path}(\\?|$)`));
  const current = page.locator(`.shell__page[data-page="${path}"]`);
  await expect(current).toBeVisible();
  const frame = '.ant-card, .ant-table, .ant-empty, .ant-result, .placeholder-page';
  await expect(current.locator(frame).locator('visible=true').first()).toBeVisible();
  await expect(page.locator('.route-fallback, .shell__content .ant-spin-spinning').locator('visible=true')).toHaveCount(
    0,
  );
}

for (const { lang, label } of LANGUAGES) {
  test.describe(`WCAG 2.2 AA in ${lang}`, () => {
    test('the login page has no serious or critical violation', async ({ page }, testInfo) => {
      const findings = new Findings();
      await page.goto('/');
      await expect(page).toHaveURL(/#\/login/);
      await switchLanguage(page, lang, label);
      await expect(page.locator('form')).toBeVisible();
      findings.add('login', await axeViolations(page));
      await findings.report(testInfo);
      expect(findings.failing, findings.failing.join('\n')).toEqual([]);
    });

    test('every page of the side menu and the 404 page have no serious or critical violation', async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      const findings = new Findings();
      await signIn(page, ADMIN.account, ADMIN.password);
      await switchLanguage(page, lang, label);
      const paths = await menuPages(page);
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) {
        await page.getByTestId('side-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`).click();
        await pageLoaded(page, path);
        findings.add(path, await axeViolations(page));
      }
      await page.goto('/#/no-such-page');
      await expect(page.locator('.ant-result').locator('visible=true').first()).toBeVisible();
      findings.add('404', await axeViolations(page));
      await findings.report(testInfo);
      expect(findings.failing, findings.failing.join('\n')).toEqual([]);
    });
  });
}

test('the first Tab of the console offers a skip link that moves the focus to the page', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.reload();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到页面内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  // Its focus is shown: an outline of 2px or more.
  const outline = await skip.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth };
  });
  expect(outline.outlineStyle).not.toBe('none');
  expect(parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/#\/home$/);
});
