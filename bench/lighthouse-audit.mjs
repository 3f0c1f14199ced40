// Lighthouse's accessibility audit of the login and home pages, in Debian's Chromium. Run by
// lighthouse.bench.ts under Node 22 (Lighthouse's own minimum) with Lighthouse installed apart from
// the console's packages; prints one JSON line with the scores and the audits that did not pass.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [url, password, lighthouseDir] = process.argv.slice(2);
const need = createRequire(`${lighthouseDir}/package.json`);
const { navigation } = await import(pathToFileURL(need.resolve('lighthouse')).href);
const puppeteer = (await import(pathToFileURL(need.resolve('puppeteer-core')).href)).default;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  defaultViewport: { width: 1366, height: 768 },
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** The accessibility score (0–100) of the page at `target`, and the audits that failed there. */
async function audit(page, target) {
  const result = await navigation(page, target, {
    config: {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: ['accessibility'],
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1366, height: 768, deviceScaleFactor: 1, disabled: false },
        // The session lives in this tab's storage: keep it between the sign-in and the audit.
        disableStorageReset: true,
        throttlingMethod: 'provided',
      },
    },
  });
  const lhr = result.lhr;
  const failed = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  // The page audited is the page asked for (a lost session would have landed on the login page).
  const shown = await page.evaluate(() => globalThis.location.hash);
  return { score: Math.round(lhr.categories.accessibility.score * 100), failed, shown };
}

try {
  const page = await browser.newPage();
  const login = await audit(page, `${url}/#/login`);
  await page.goto(`${url}/#/login`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#account');
  await page.type('#account', 'admin');
  await page.type('#password', password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="side-menu"]');
  const home = await audit(page, `${url}/#/home`);
  console.log(JSON.stringify({ login, home }));
} finally {
  await browser.close();
}
