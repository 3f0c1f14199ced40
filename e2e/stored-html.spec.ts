import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, menuPages, signIn } from './support.js';

/**
 * Markup a user could type into any free-text field. Shown as text it is harmless; drawn as markup
 * it would add an element marked `data-xss` (and try to run a script, which the policy blocks).
 */
const PAYLOAD = '<img src=x data-xss onerror=alert(1)>';
const TAG = `XSS${Date.now().toString(36).toUpperCase()}`;

type Created = { path: string; body: Record<string, unknown> };

/** Every free-text field of every entity the console lists, holding the payload. */
function entities(): { create: string; data: Record<string, unknown>; remove: (id: number) => Created; id: string }[] {
  return [
    {
      create: '/api/robot-server/robot/create',
      data: { productId: 'PR-1000', serialNumber: `${TAG}-1`, name: `${PAYLOAD}${TAG}` },
      id: 'robot.robotId',
      remove: (robotId) => ({ path: '/api/robot-server/robot/delete', body: { robotId } }),
    },
    {
      create: '/api/system-server/role/create',
      data: { roleName: `${PAYLOAD}${TAG}`, roleCode: `xss_${TAG.toLowerCase()}`, remark: PAYLOAD },
      id: 'roleId',
      remove: (roleId) => ({ path: '/api/system-server/role/delete', body: { roleId } }),
    },
    {
      create: '/api/system-server/user/create',
      data: {
        account: `xss${TAG.toLowerCase()}`,
        username: `${PAYLOAD}${TAG}`,
        nickname: PAYLOAD,
        password: createHash('sha256').update('Xss-user-2026').digest('hex'),
      },
      id: 'userId',
      remove: (userId) => ({ path: '/api/system-server/user/delete', body: { userId } }),
    },
    {
      create: '/api/system-server/expose/create',
      data: { name: `${PAYLOAD}${TAG}`.slice(-64), account: `xss${TAG.toLowerCase()}`, password: 'Xss-expose-2026' },
      id: 'exposeId',
      remove: (exposeId) => ({ path: '/api/system-server/expose/delete', body: { exposeId } }),
    },
    {
      create: '/api/robot-server/multicast/create',
      data: {
        name: `${PAYLOAD}${TAG}`.slice(-50),
        enabled: false,
        ip: '239.9.9.9',
        telecontrolPort: 31001,
        telemetryPort: 31002,
        videoPort: 31003,
        robotIds: [],
      },
      id: 'multicastId',
      remove: (multicastId) => ({ path: '/api/robot-server/multicast/delete', body: { multicastId } }),
    },
  ];
}

const created: Created[] = [];

async function tokenOf(request: APIRequestContext): Promise<string> {
  const password = createHash('sha256').update(ADMIN.password).digest('hex');
  const login = await request.post('/api/system-server/auth/login', { data: { account: ADMIN.account, password } });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

const pick = (data: unknown, path: string): number =>
  path.split('.').reduce((v, k) => (v as Record<string, unknown>)[k], data) as number;

async function seed(page: Page) {
  const headers = { authorization: `Bearer ${await tokenOf(page.request)}` };
  for (const entity of entities()) {
    const res = await page.request.post(entity.create, { headers, data: entity.data });
    expect(res.ok(), `${entity.create}: ${await res.text()}`).toBe(true);
    created.push(entity.remove(pick(((await res.json()) as { data: unknown }).data, entity.id)));
  }
  // A notice arrives in the message center and as a pop-up.
  const notice = await page.request.post('/api/notice-server/notice/publish', {
    headers,
    data: { title: `${PAYLOAD}${TAG}`, content: `${PAYLOAD} ${PAYLOAD}` },
  });
  expect(notice.ok()).toBe(true);
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const headers = { authorization: `Bearer ${await tokenOf(request)}` };
    for (const { path, body } of created.splice(0).reverse()) await request.post(path, { headers, data: body });
  } finally {
    await request.dispose();
  }
});

test('text that holds markup shows as text on every page, and the console runs under its policy with no violation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Violations of the Content-Security-Policy, as the browser reports them to the page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, ADMIN.account, ADMIN.password);
  await seed(page);
  const paths = await menuPages(page);
  expect(paths.length).toBeGreaterThan(10);
  const injected: string[] = [];
  let shownAsText = 0;
  for (const path of paths) {
    await page.getByTestId('side-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`).click();
    const current = page.locator(`.shell__page[data-page="${path}"]`);
    await expect(current).toBeVisible();
    await expect(
      page.locator('.route-fallback, .shell__content .ant-spin-spinning').locator('visible=true'),
    ).toHaveCount(0);
    // Pages that list the seeded rows show the payload as text, each where it belongs.
    if ((await current.getByText(TAG, { exact: false }).count()) > 0) {
      await expect(current.getByText(PAYLOAD, { exact: false }).first()).toBeVisible();
      shownAsText += 1;
    }
    const count = await page.locator('[data-xss]').count();
    if (count > 0) injected.push(`${path}: ${count}`);
  }
  // The notice arrived as a pop-up and is listed in the message center, its content opened.
  await page.getByTestId('message-center').click();
  const panel = page.getByTestId('message-center-panel');
  const content = panel.getByText(`${PAYLOAD} ${PAYLOAD}`);
  // The list may load again while it opens (the notice's own push arrives any time): open the
  // notice until its content shows.
  await expect(async () => {
    if (!(await content.isVisible())) await panel.getByText(`${PAYLOAD}${TAG}`).click();
    await expect(content).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const count = await page.locator('[data-xss]').count();
  if (count > 0) injected.push(`message center: ${count}`);
  expect(injected).toEqual([]);
  // Robots, roles, users, user robots, expose accounts and multicast configs at least.
  expect(shownAsText).toBeGreaterThanOrEqual(5);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
