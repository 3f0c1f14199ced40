import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, api, clickMap, signIn, startE2eFleet } from './support.js';

type Fence = { fenceId: number; name: string; points: number[][]; layerOrder: number };

/** axe-core's serious and critical WCAG 2.2 AA findings on the page as it is. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const C = { lng: 114.0579, lat: 22.5431 };
const square = (lng: number, lat: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];

let stationName = '';
let stationId = 0;

async function openFences(page: Page) {
  await signIn(page, ADMIN.account, ADMIN.password);
  if (!stationId) {
    stationName = `Fence yard ${String(Date.now()).slice(-6)}`;
    const created = await api<{ stationId: number }>(page, 'POST', '/robot-server/station/create', {
      name: stationName,
      area: square(C.lng, C.lat, 0.002),
    });
    stationId = created.data.stationId;
  }
  // The section and its page share a title, so the page is opened by its path.
  await page.evaluate(() => (location.hash = '#/enclosure/electronicfence'));
  await expect(page.getByRole('heading', { level: 1, name: '电子围栏' })).toBeVisible();
  await page.getByLabel('所属站点').click();
  await page.locator('.ant-select-item-option').filter({ hasText: stationName }).click();
}

const fences = async (page: Page) =>
  (await api<Fence[]>(page, 'GET', `/enclosure-server/fence/list?stationId=${stationId}`)).data;
const rowNames = (page: Page) =>
  page
    .getByRole('table', { name: '站点的围栏，顶层在前' })
    .locator('tbody tr.ant-table-row td:nth-child(2)')
    .allInnerTexts();

test.describe.configure({ mode: 'serial' });

test('a fence is drawn, edited, cut between two vertices and moved between layers', async ({ page }) => {
  await openFences(page);
  await page.getByRole('button', { name: '新建围栏' }).click();
  await page.getByLabel('名称').fill('Gatehouse');
  // Drawing starts at once: four corners and the first again.
  await clickMap(page, 'fence-map', [
    [-100, -80],
    [100, -80],
    [100, 80],
    [-100, 80],
    [-100, -80],
  ]);
  const points = page.getByLabel('采集数据（节点）');
  await expect(points).toHaveValue(/^\[\[114\.\d+,22\.\d+\](,\[114\.\d+,22\.\d+\]){3}\]$/);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('围栏已创建并下发到站点的机器人').last()).toBeVisible();
  const [fence] = await fences(page);
  expect(fence!.name).toBe('Gatehouse');
  expect(fence!.points).toHaveLength(4);
  const drawn = fence!.points;

  // Edit: drag a corner (Geoman's vertex handle) and save.
  await page.getByRole('button', { name: '编辑 Gatehouse' }).click();
  const corner = page.locator('.leaflet-marker-icon.marker-icon:not(.marker-icon-middle)').nth(1);
  const handle = (await corner.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 40, handle.y - 30, { steps: 5 });
  await page.mouse.up();
  await expect(points).not.toHaveValue(JSON.stringify(drawn));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('围栏已保存并下发到站点的机器人').last()).toBeVisible();
  await expect.poll(async () => (await fences(page))[0]!.points).not.toEqual(drawn);
  expect((await fences(page))[0]!.points).toHaveLength(4);

  // Cut: adjacent corners are refused; two opposite ones cut, and the clicked part is kept.
  await page.getByRole('button', { name: '编辑 Gatehouse' }).click();
  await page.getByRole('button', { name: '切割' }).click();
  const vertices = page.locator('path.fence-cut-vertex');
  await expect(vertices).toHaveCount(4);
  await vertices.nth(0).click();
  await vertices.nth(1).click();
  await expect(page.getByRole('alert').filter({ hasText: '两个切割点不能相邻' })).toBeVisible();
  await page.locator('path.fence-cut-vertex').nth(1).click();
  await page.locator('path.fence-cut-vertex').nth(2).click();
  await expect(page.locator('path.fence-cut-part')).toHaveCount(2);
  // The form in cut mode, with its vertex selects and part buttons, reads for everyone.
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('path.fence-cut-part-1').click({ force: true });
  await expect(points).toHaveValue(/^\[(\[114\.\d+,22\.\d+\],?){3}\]$/);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(async () => (await fences(page))[0]!.points.length).toBe(3);

  // A second fence, typed (the keyboard's way), goes on top; layer sort moves the first back up.
  await page.getByRole('button', { name: '新建围栏' }).click();
  await page.getByLabel('名称').fill('Loading bay');
  await page.getByLabel('优先级').fill('2');
  await page.getByLabel('采集数据（节点）').fill(JSON.stringify(square(C.lng + 0.0015, C.lat + 0.0015, 0.0002)));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Loading bay', 'Gatehouse']);
  await page.getByRole('button', { name: '将 Gatehouse 置顶' }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Gatehouse', 'Loading bay']);
  await page.getByRole('button', { name: '将 Gatehouse 下移' }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Loading bay', 'Gatehouse']);
  expect((await fences(page)).map((f) => f.name)).toEqual(['Loading bay', 'Gatehouse']);
});

test('a same-priority overlap is refused, naming the other fence, in the form and by the server', async ({ page }) => {
  await openFences(page);
  const [gatehouse] = (await fences(page)).filter((f) => f.name === 'Gatehouse');
  await page.getByRole('button', { name: '新建围栏' }).click();
  await page.getByLabel('名称').fill('Overlapper');
  await page.getByLabel('采集数据（节点）').fill(JSON.stringify(gatehouse!.points));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('与同优先级的围栏“Gatehouse”重叠')).toBeVisible();
  // The server keeps the same rule.
  const refused = await api(page, 'POST', '/enclosure-server/fence/create', {
    name: 'Overlapper',
    kind: 'forbidden',
    priority: 1,
    stationId,
    points: gatehouse!.points,
  });
  expect(refused.code).toBe(409);
  expect(refused.message).toContain('Gatehouse');
  expect((await fences(page)).map((f) => f.name)).not.toContain('Overlapper');
  // Another priority may overlap.
  await page.getByLabel('优先级').fill('5');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(async () => (await fences(page)).map((f) => f.name)).toContain('Overlapper');
});

test('a failed save brings the original shape back and says why; leaving unsaved changes asks first', async ({
  page,
}) => {
  await openFences(page);
  const [gatehouse] = (await fences(page)).filter((f) => f.name === 'Gatehouse');
  await page.route('**/enclosure-server/fence/update', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 409, message: 'The fence changed meanwhile', data: null }),
    }),
  );
  await page.getByRole('button', { name: '编辑 Gatehouse' }).click();
  const points = page.getByLabel('采集数据（节点）');
  const moved = gatehouse!.points.map(([lng, lat]) => [lng! + 0.0001, lat!]);
  await points.fill(JSON.stringify(moved));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存失败，已恢复原始形状: The fence changed meanwhile')).toBeVisible();
  await expect(points).toHaveValue(JSON.stringify(gatehouse!.points));
  expect((await fences(page)).find((f) => f.name === 'Gatehouse')!.points).toEqual(gatehouse!.points);
  await page.unroute('**/enclosure-server/fence/update');

  // Unsaved changes: cancelling asks, and keeping them stays in the form.
  await page.getByLabel('名称').fill('Gatehouse 2');
  await page.getByRole('button', { name: /取\s*消/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '放弃未保存的修改？' });
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(page.getByLabel('名称')).toHaveValue('Gatehouse 2');
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '放弃未保存的修改？' })
    .getByRole('button', { name: '放弃' })
    .click();
  await expect(page.getByRole('button', { name: '编辑 Gatehouse' })).toBeVisible();
});

test('an import with one bad feature imports nothing and lists it; a good file imports', async ({ page }) => {
  await openFences(page);
  const before = (await fences(page)).length;
  const feature = (name: string, ring: number[][], priority = 7) => ({
    type: 'Feature',
    properties: { name, kind: 'slow', priority },
    geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
  });
  const bad = {
    type: 'FeatureCollection',
    features: [
      feature('East lane', square(C.lng - 0.0015, C.lat - 0.0015, 0.0002)),
      feature('Broken', [
        [C.lng, C.lat],
        [C.lng + 0.0001, C.lat],
      ]),
    ],
  };
  const input = page.getByTestId('fence-import-file');
  await input.setInputFiles({
    name: 'bad.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const problems = page.getByRole('table', { name: '导入的问题（按围栏）' });
  await expect(problems).toBeVisible();
  const row = problems.getByRole('row').filter({ hasText: 'Broken' });
  await expect(row).toContainText('2');
  await expect(row).toContainText('区域至少需要 3 个不同的节点');
  await expect(problems.getByRole('row')).toHaveCount(2);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  expect(await fences(page)).toHaveLength(before);

  const good = {
    type: 'FeatureCollection',
    features: [
      feature('East lane', square(C.lng - 0.0015, C.lat - 0.0015, 0.0002)),
      feature('West lane', square(C.lng + 0.0015, C.lat - 0.0015, 0.0002)),
    ],
  };
  await input.setInputFiles({
    name: 'good.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(good)),
  });
  await expect(page.getByText('已导入 2 个围栏')).toBeVisible();
  await expect.poll(async () => (await fences(page)).length).toBe(before + 2);
  await expect.poll(() => rowNames(page)).toContain('West lane');

  // Export gives the station's fences back as GeoJSON.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toBe(`${stationName}-fences.geojson`);
});

test('the simulated robot turns away from a new forbidden fence across its route', async ({ page }) => {
  test.setTimeout(120_000);
  await openFences(page);
  let fleet: Fleet | undefined;
  try {
    fleet = await startE2eFleet({
      robots: 1,
      prefix: 'FEN',
      speed: 6,
      telemetryMs: 200,
      eventChance: 0,
      uploadChance: 0,
    });
    const robot = fleet.robots[0]!;
    const found = await api<{ rows: { robotId: number }[] }>(page, 'GET', '/robot-server/robot/page?keyword=FEN-0001');
    const robotId = found.data.rows[0]!.robotId;
    expect((await api(page, 'POST', '/robot-server/robot/station', { robotIds: [robotId], stationId })).code).toBe(200);
    // The station's fences reach the robot on its config topic.
    await expect.poll(() => robot.fences.map((f) => f.name)).toContain('Gatehouse');

    // Where the robot heads: two readings a moment apart.
    const [lat0, lng0] = robot.location;
    await expect.poll(() => Math.hypot(robot.location[0] - lat0, robot.location[1] - lng0)).toBeGreaterThan(2e-5);
    const [lat1, lng1] = robot.location;
    const mLat = 111_320;
    const mLng = 111_320 * Math.cos((lat1 * Math.PI) / 180);
    const east = (lng1 - lng0) * mLng;
    const north = (lat1 - lat0) * mLat;
    const length = Math.hypot(east, north);
    const [ue, un] = [east / length, north / length];
    // A box across its way, from 8 m to 40 m ahead and 30 m to each side.
    const at = (ahead: number, side: number): [number, number] => [
      lng1 + (ue * ahead - un * side) / mLng,
      lat1 + (un * ahead + ue * side) / mLat,
    ];
    const turnsBefore = robot.turns;
    const created = await api<{ fenceId: number }>(page, 'POST', '/enclosure-server/fence/create', {
      name: 'Pond',
      kind: 'forbidden',
      priority: 50,
      stationId,
      points: [at(8, -30), at(40, -30), at(40, 30), at(8, 30)],
    });
    expect(created.code).toBe(200);
    await expect.poll(() => robot.fences.map((f) => f.name)).toContain('Pond');
    // It turns back rather than enter, and never finds itself inside.
    let entered = false;
    const watch = setInterval(() => {
      if (robot.inForbidden) entered = true;
    }, 50);
    try {
      await expect.poll(() => robot.turns, { timeout: 30_000 }).toBeGreaterThan(turnsBefore);
      await page.waitForTimeout(3000);
    } finally {
      clearInterval(watch);
    }
    expect(entered).toBe(false);
    await api(page, 'POST', '/enclosure-server/fence/delete', { fenceId: created.data.fenceId });
    await api(page, 'POST', '/robot-server/robot/station', { robotIds: [robotId], stationId: null });
  } finally {
    await fleet?.stop();
    await fleet?.remove();
  }
});
