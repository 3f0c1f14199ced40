import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, openFromMenu, signIn } from './support.js';

type Node = { lng: number; lat: number; mode: number; type: number; guide: string };
type Job = { jobId: number; name: string; nodes: Node[] };

type Box = { x: number; y: number; width: number; height: number };

/** Where an area (0 the station, then its fences) is drawn on the job's map, once the map has settled on it. */
async function areaBox(page: Page, index: number): Promise<Box> {
  const area = page.getByTestId('job-map').locator('.leaflet-patrol-areas-pane path').nth(index);
  await expect(area).toBeVisible();
  await page.getByTestId('job-map').scrollIntoViewIfNeeded();
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await area.boundingBox());
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as Box;
}

/** Clicks the map at fractions of a box (0..1 across, 0..1 down). */
async function clickIn(page: Page, box: Box, points: [number, number][]) {
  for (const [fx, fy] of points) await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Picks an option of an antd select found by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The drop-down just opened (an earlier one may still be closing). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

const C = { lng: 114.0579, lat: 22.5431 };
const square = (lng: number, lat: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];

test('a job path is drawn on the station map, refused across a fence, saved, edited, imported with a bad row and exported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const stationName = `Job yard ${tag}`;
  const jobName = `East round ${tag}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  const station = await api<{ stationId: number }>(page, 'POST', '/robot-server/station/create', {
    name: stationName,
    area: square(C.lng, C.lat, 0.002),
  });
  const stationId = station.data.stationId;
  // A forbidden pond east of the centre.
  const fence = await api<{ fenceId: number }>(page, 'POST', '/enclosure-server/fence/create', {
    name: 'Pond',
    kind: 'forbidden',
    priority: 1,
    stationId,
    points: square(C.lng + 0.001, C.lat, 0.0003),
  });
  const jobs = async () =>
    (await api<Job[]>(page, 'GET', `/task-server/job/list?stationId=${stationId}`)).data.filter(
      (j) => j.name === jobName,
    );

  try {
    await openFromMenu(page, '任务管理', '作业管理');
    await expect(page.getByRole('heading', { level: 1, name: '作业管理' })).toBeVisible();
    await page.getByRole('button', { name: '新建作业' }).click();
    const dialog = page.getByRole('dialog', { name: '新建作业' });
    await dialog.getByLabel('名称', { exact: true }).fill(jobName);
    await choose(page, dialog, '类型', '巡逻');
    await choose(page, dialog, '所属站点', stationName);
    await dialog.getByLabel('触发名称').fill('Each stop');
    await choose(page, dialog, '触发类型', '站点节点');
    await dialog.getByLabel('动作名称').fill('Greeting');
    await choose(page, dialog, '动作类型', '喊话');
    await dialog.getByLabel('巡逻圈数').fill('2');
    await dialog.getByLabel('喊话内容').fill('Patrol in progress');

    // Three nodes west of the pond, then a fourth whose segment runs through it.
    await expect(dialog.getByText('点击地图在末尾添加节点；拖动节点可移动它')).toBeVisible();
    const yard = await areaBox(page, 0);
    const pond = await areaBox(page, 1);
    // The pond's centre, as a fraction of the yard; the fourth node lies beyond it, seen from the third.
    const px = (pond.x + pond.width / 2 - yard.x) / yard.width;
    const py = (pond.y + pond.height / 2 - yard.y) / yard.height;
    await clickIn(page, yard, [
      [0.15, 0.2],
      [0.15, 0.8],
      [0.4, 0.8],
      [0.4 + 1.5 * (px - 0.4), 0.8 + 1.5 * (py - 0.8)],
    ]);
    const nodes = dialog.getByRole('list', { name: '路径节点' }).getByRole('listitem');
    await expect(nodes).toHaveCount(4);
    await expect(dialog.getByRole('alert').filter({ hasText: '路径第 3 段穿过禁行围栏“Pond”' })).toBeVisible();
    await expect(page.locator('path.path-highlight')).toBeVisible();
    await dialog.getByRole('button', { name: '删除节点 4' }).click();
    await expect(nodes).toHaveCount(3);
    await expect(page.locator('path.path-highlight')).toHaveCount(0);
    await expect(dialog.getByText(/路径位于站点区域内/)).toBeVisible();

    // Guide data is required on every node.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('请输入引导数据')).toBeVisible();
    for (const [index, guide] of ['Leave the dock', 'Turn left at the gate', 'Stop by the lamp'].entries()) {
      await dialog.getByLabel(`节点 ${index + 1} 的引导数据`).fill(guide);
    }
    await choose(page, dialog, '节点 1 的模式', '起点');
    await choose(page, dialog, '节点 3 的模式', '终点');
    await choose(page, dialog, '节点 2 的类型', '站点');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: jobName });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: stationName })).toBeVisible();
    const [saved] = await jobs();
    expect(saved!.nodes.map((n) => [n.mode, n.type, n.guide])).toEqual([
      [1, 0, 'Leave the dock'],
      [0, 1, 'Turn left at the gate'],
      [2, 0, 'Stop by the lamp'],
    ]);

    // Edit: drag node 2 and move it before node 1 with the keyboard's buttons.
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.getByRole('dialog', { name: `编辑作业“${jobName}”` });
    const marker = edit.locator('.path-node-marker').nth(1);
    const second = edit.getByRole('list', { name: '路径节点' }).getByRole('listitem').nth(1);
    const before = await second.innerText();
    // The map fits the station as the dialog opens: a drag that started on a marker still moving
    // pans the map instead. Take the marker where it rests, drag it, and look that node 2 moved.
    await expect(async () => {
      const at = (await marker.boundingBox())!;
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      await page.mouse.down();
      await page.mouse.move(at.x + at.width / 2 + 30, at.y + at.height / 2 - 20, { steps: 5 });
      await page.mouse.up();
      expect(await second.innerText()).not.toBe(before);
    }).toPass({ timeout: 20_000 });
    // Dropped, not clicked: the path still has its three nodes.
    await expect(edit.locator('.path-node-marker')).toHaveCount(3);
    await edit.getByRole('button', { name: '上移节点 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(edit.getByLabel('节点 1 的引导数据')).toHaveValue('Turn left at the gate');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await expect(edit).toBeHidden();
    await expect.poll(async () => (await jobs())[0]!.nodes[0]!.guide).toBe('Turn left at the gate');
    const edited = (await jobs())[0]!;
    expect(edited.nodes[0]!.lng).not.toBe(saved!.nodes[1]!.lng);

    // An import with bad rows lists them and changes nothing.
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: '导入路径' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'bad-path.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'lng,lat,mode,type,guide',
          `${C.lng},${C.lat},1,0,Start`,
          `200,${C.lat},0,0,Far away`,
          `${C.lng},${C.lat + 0.0005},7,0,Odd mode`,
        ].join('\n'),
      ),
    });
    const problems = page.getByRole('dialog', { name: /导入失败：有 2 处错误/ });
    const lines = problems.getByRole('table', { name: '导入问题（按行）' }).locator('tbody tr');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).locator('td').first()).toHaveText('2');
    await expect(lines.nth(0)).toContainText('坐标无效');
    await expect(lines.nth(1).locator('td').first()).toHaveText('3');
    await expect(lines.nth(1)).toContainText('模式须为 0（普通）、1（起点）或 2（终点）');
    await problems.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await jobs())[0]!.nodes).toEqual(edited.nodes);

    // Export as CSV: the format the import takes back.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '导出路径' }).click();
    await page.getByRole('menuitem', { name: '导出为 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${jobName}-path.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split(/\r?\n/)).toEqual([
      'lng,lat,mode,type,guide',
      ...edited.nodes.map((n) => [n.lng, n.lat, n.mode, n.type, n.guide].join(',')),
    ]);

    // Deleted with a confirmation.
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row).toBeHidden();
  } finally {
    for (const job of await jobs()) await api(page, 'POST', '/task-server/job/delete', { jobId: job.jobId });
    await api(page, 'POST', '/enclosure-server/fence/delete', { fenceId: fence.data.fenceId });
    await api(page, 'POST', '/robot-server/station/delete', { stationId });
  }
});
