import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { STANDALONE_ROUTES } from '@patrol/contracts/plain';
import { ADMIN, api, dropdownsSettled, menuPages, signIn, startE2eFleet, switchLanguage } from './support.js';

/** axe-core's own build, evaluated in the page through the driver: the console's CSP stays as it is. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 AA, as axe tags it. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * axe's best-practice rules on the page's outline, run beside WCAG's: they are moderate or minor,
 * so they are counted and printed, never failing; the one-h1 check below is this suite's own.
 */
const OUTLINE_RULES = ['page-has-heading-one', 'heading-order', 'empty-heading'];
/** What fails the suite; the other impacts are counted and printed. */
const FAILING = new Set(['serious', 'critical']);
/** The language switch's labels; zh-CN is the default. */
const LANGUAGES = [
  { lang: 'zh-CN', label: null },
  { lang: 'en-US', label: 'English' },
];
/** The product's name per language, as the console's texts give it (the tab's title ends with it). */
const PRODUCT = Object.fromEntries(
  LANGUAGES.map(({ lang }) => {
    const file = new URL(`../apps/web/src/locales/${lang}/common.json`, import.meta.url);
    return [lang, (JSON.parse(readFileSync(file, 'utf8')) as { productName: string }).productName];
  }),
);

type Violation = { id: string; impact: string; help: string; targets: string[] };

async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, outline }) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(outline.map((rule) => [rule, { enabled: true }])),
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { tags: TAGS, outline: OUTLINE_RULES },
  );
}

/** The part of axe's API this suite uses (the page has no types of its own for it). */
type AxeApi = {
  run: (
    context: Document,
    options: {
      runOnly: { type: 'tag'; values: string[] };
      rules: Record<string, { enabled: boolean }>;
      resultTypes: string[];
    },
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

/**
 * The page shown has exactly one visible `h1`, with text, and the browser tab names it: its title
 * holds `pageTitle` (what the menu, the active tag or the heading calls it) and is more than the
 * product's name.
 */
async function expectNamed(page: Page, lang: string, pageTitle: string) {
  const h1 = page.locator('h1').locator('visible=true');
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(/\S/);
  expect(pageTitle.trim()).not.toBe('');
  await expect(page).toHaveTitle(new RegExp(pageTitle.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(await page.title()).not.toBe(PRODUCT[lang]);
}

/** A dialog or a drop-down that has finished its opening animation (axe measures colours). */
async function settled(page: Page) {
  const moving = page.locator('.ant-modal-root, .ant-select-dropdown').locator('[class*="-appear"], [class*="-enter"]');
  await expect(moving).toHaveCount(0);
  await expect(page.locator('.ant-modal .ant-spin-spinning')).toHaveCount(0);
}

/** A create button that waits for a required filter (the expose page's tenant): the first choice of each. */
async function chooseRequiredFilters(page: Page, current: Locator) {
  const required = current.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-required') });
  for (const select of await required.getByRole('combobox').all()) {
    await select.click();
    const options = page.locator('.ant-select-dropdown').locator('visible=true').locator('.ant-select-item-option');
    await options.first().click();
  }
}

/**
 * The page's create dialog, if its list has one (the list kit's create button): opened, scanned
 * once it has settled, closed with Escape, and the focus back on the button.
 */
async function scanCreateDialog(page: Page, current: Locator, where: string, findings: Findings): Promise<boolean> {
  const create = current.getByTestId('list-create');
  if ((await create.count()) === 0) return false;
  if (await create.isDisabled()) await chooseRequiredFilters(page, current);
  await expect(create).toBeEnabled();
  await create.click();
  const dialog = page.getByRole('dialog').locator('visible=true');
  await expect(dialog).toHaveCount(1);
  await settled(page);
  findings.add(`${where} create dialog`, await axeViolations(page));
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal-wrap').locator('visible=true')).toHaveCount(0);
  await expect(create).toBeFocused();
  return true;
}

/** Waits until a window page or a standalone page shows its page, headed by its h1 (not the spinner). */
async function standaloneLoaded(page: Page) {
  await expect(page.locator('main h1, main .placeholder-page').locator('visible=true').first()).toBeVisible();
  await expect(page.locator('.route-fallback, .shell-loading, .ant-spin-spinning').locator('visible=true')).toHaveCount(
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
      await expectNamed(page, lang, await page.getByRole('heading', { level: 2 }).innerText());
      findings.add('login', await axeViolations(page));
      await findings.report(testInfo);
      expect(findings.failing, findings.failing.join('\n')).toEqual([]);
    });

    test('every page of the side menu, the create dialog of each list and the 404 page: one h1, a named tab, no serious or critical violation', async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      const findings = new Findings();
      await signIn(page, ADMIN.account, ADMIN.password);
      await switchLanguage(page, lang, label);
      const paths = await menuPages(page);
      expect(paths.length).toBeGreaterThan(10);
      const dialogs: string[] = [];
      for (const path of paths) {
        const item = page.getByTestId('side-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`);
        await item.click();
        await pageLoaded(page, path);
        await expectNamed(page, lang, await item.innerText());
        findings.add(path, await axeViolations(page));
        const current = page.locator(`.shell__page[data-page="${path}"]`);
        if (await scanCreateDialog(page, current, path, findings)) dialogs.push(path);
      }
      console.log(`create dialogs scanned (${dialogs.length}): ${dialogs.join(', ')}`);
      // Every list of the menu with a New button of the list kit (users, menus, roles, tenants,
      // expose accounts, robots, multicast, jobs, tasks), found on the pages themselves.
      expect(dialogs.length).toBeGreaterThanOrEqual(9);
      await page.goto('/#/no-such-page');
      await expect(page.locator('.ant-result').locator('visible=true').first()).toBeVisible();
      await expectNamed(page, lang, await page.locator('h1').locator('visible=true').innerText());
      findings.add('404', await axeViolations(page));
      await findings.report(testInfo);
      expect(findings.failing, findings.failing.join('\n')).toEqual([]);
    });

    test('every window page (from the system switcher) and every standalone page: one h1, a named tab, no serious or critical violation', async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const findings = new Findings();
      await signIn(page, ADMIN.account, ADMIN.password);
      await switchLanguage(page, lang, label);
      // The views the user's menu holds, as the system switcher offers them; each opens in its own window.
      const switcher = page.getByTestId('system-switcher');
      await switcher.click();
      const offered = page.locator('.ant-dropdown').locator('visible=true').getByRole('menuitem');
      await expect(offered.first()).toBeVisible();
      const viewsOffered = async () =>
        (await offered.evaluateAll((items) => items.map((i) => i.getAttribute('data-menu-id') ?? '')))
          .map((id) => id.slice(id.lastIndexOf('-') + 1))
          .filter((key) => key !== 'console');
      // The menu may still be unfolding (or another one folding): read it once it holds the views.
      await expect.poll(async () => (await viewsOffered()).length).toBeGreaterThanOrEqual(2);
      const views = await viewsOffered();
      await page.keyboard.press('Escape');
      const scanned: string[] = [];
      // A pick that lands while the menu still moves into place (folding after the Escape above, or
      // unfolding) opens nothing: it is waited for, and the switcher opened again, three times at most.
      const openView = async (view: string) => {
        for (let attempt = 0; attempt < 3; attempt++) {
          await dropdownsSettled(page).catch(() => undefined);
          if (!(await page.locator('.ant-dropdown').locator('visible=true').count())) await switcher.click();
          const item = page.locator('.ant-dropdown').locator('visible=true').locator(`[data-menu-id$="-${view}"]`);
          await expect(item)
            .toBeVisible()
            .catch(() => undefined);
          await dropdownsSettled(page).catch(() => undefined);
          const opened = page.waitForEvent('popup', { timeout: 10_000 }).catch(() => null);
          await item.click({ timeout: 5000 }).catch(() => undefined);
          const popup = await opened;
          if (popup) return popup;
        }
        throw new Error(`the ${view} window did not open`);
      };
      for (const view of views) {
        const popup = await openView(view);
        const tags = popup.getByTestId('window-tags');
        await expect(tags.getByRole('link').first()).toBeVisible();
        // Each page of the window, from the window's own bar of links.
        const hrefs = await tags
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        for (const href of hrefs) {
          await popup.goto(`/${href}`);
          const active = tags.locator('[aria-current="page"]');
          await expect(active).toHaveAttribute('href', href);
          await standaloneLoaded(popup);
          await expectNamed(popup, lang, await active.innerText());
          findings.add(href, await axeViolations(popup));
          scanned.push(href);
        }
        await popup.close();
      }
      // The diagnostics page opens only with the code a platform administrator set.
      const debugCode = `a11y-${lang}-diagnostics`;
      await api(page, 'POST', '/system-server/diagnostics/code/set', { passcode: debugCode });
      for (const name of STANDALONE_ROUTES) {
        // A fresh load each: between two standalone pages the previous one's heading would still show.
        await page.goto('about:blank');
        await page.goto(name === 'debug' ? `/#/debug?code=${debugCode}` : `/#/${name}`);
        await expect(page.locator('.standalone-page')).toBeVisible();
        await standaloneLoaded(page);
        await expectNamed(page, lang, await page.locator('h1').locator('visible=true').innerText());
        findings.add(`/${name}`, await axeViolations(page));
        scanned.push(`/${name}`);
      }
      console.log(`window and standalone pages scanned (${scanned.length}): ${scanned.join(', ')}`);
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

test('the execution records open "Run now" from the keyboard, and Escape gives the focus back', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.goto('/#/task/taskExecute');
  const runNow = page.getByRole('button', { name: '立即执行' });
  await expect(runNow).toBeVisible();
  await runNow.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '立即执行任务' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: '任务' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(runNow).toBeFocused();
});

test('the track records and the history playback, with a track shown: operable by keyboard, no serious or critical violation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // A robot that has patrolled a few seconds, then goes again (its points stay until the retention purge).
  const fleet = await startE2eFleet({
    robots: 1,
    prefix: 'AXT',
    speed: 12,
    telemetryMs: 300,
    eventChance: 0,
    uploadChance: 0,
  });
  try {
    await page.waitForTimeout(3000);
    await fleet.stop();
    const findings = new Findings();
    await signIn(page, ADMIN.account, ADMIN.password);
    for (const { lang, label } of LANGUAGES) {
      await switchLanguage(page, lang, label);
      await page.goto('/#/task/trackHistory');
      const history = page.locator('.track-history-page');
      // The robot and a quick range, by keyboard.
      const robot = history.getByRole('combobox').first();
      await robot.focus();
      await page.keyboard.type('AXT-0001');
      await page.keyboard.press('Enter');
      await expect(page.locator('.ant-select-dropdown').locator('visible=true')).toHaveCount(0);
      // The robot list is scanned closed: the open list of an antd select has no name of its own.
      await expect(page.locator('#track-robot_list')).toBeHidden();
      const lastHour = history.getByRole('button', { name: lang === 'zh-CN' ? '最近一小时' : 'Last hour' });
      await lastHour.focus();
      await page.keyboard.press('Enter');
      await expect(history.getByTestId('track-stats')).toBeVisible();
      await expect(history.getByTestId('track-start')).toBeVisible();
      // The robot list closes with an animation; until its dropdown is hidden, axe reads the open
      // list (zero-sized, so it looks hidden to the check above).
      await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
      findings.add(`trackHistory ${lang}`, await axeViolations(page));
      await page.screenshot({ path: testInfo.outputPath(`track-history-${lang}.png`) });

      const playBack = history.getByRole('button', { name: lang === 'zh-CN' ? '回放' : 'Play back' });
      await playBack.focus();
      await page.keyboard.press('Enter');
      const playback = page.locator('.history-playback-page');
      const time = playback.getByTestId('playback-time');
      await expect(time).toBeVisible();
      // Play and pause with Space, the timeline with the arrow keys.
      const play = playback.getByRole('button', { name: lang === 'zh-CN' ? /播放/ : /Play/ });
      await play.focus();
      const first = await time.textContent();
      await page.keyboard.press('Space');
      await expect(time).not.toHaveText(first ?? '');
      await page.keyboard.press('Space');
      const slider = playback.getByRole('slider', { name: lang === 'zh-CN' ? '回放时间' : 'Playback time' });
      await slider.focus();
      await page.keyboard.press('Home');
      await expect(slider).toHaveAttribute('aria-valuenow', '0');
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuenow', '1');
      findings.add(`history ${lang}`, await axeViolations(page));
      await page.screenshot({ path: testInfo.outputPath(`history-playback-${lang}.png`) });
    }
    await findings.report(testInfo);
    expect(findings.failing, findings.failing.join('\n')).toEqual([]);
  } finally {
    await fleet.stop();
    await fleet.remove();
  }
});
