import { expect, test, type Page } from '@playwright/test';
import { ADMIN, clickMap, openFromMenu, signIn } from './support.js';

/** Calls the API as the signed-in user, in the tenant the console acts in. */
async function api(page: Page, path: string, body: unknown) {
  const { token, tenantId } = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    tenantId: localStorage.getItem('tenantId') ?? '1',
  }));
  const res = await page.request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': tenantId },
    data: body,
  });
  return (await res.json()) as { code: number; message: string; data: unknown };
}

test('a station is drawn on the map, gets a robot, and refuses deletion naming it', async ({ page }) => {
  const tag = String(Date.now()).slice(-6);
  const stationName = `North gate ${tag}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  const robot = (await api(page, '/robot-server/robot/create', {
    productId: 'PR-1000',
    serialNumber: `ST-${tag}`,
    name: `Station robot ${tag}`,
  })) as { data: { robot: { robotId: number } } };
  const robotId = robot.data.robot.robotId;

  await openFromMenu(page, '机器人管理', '站点管理');
  await expect(page.getByRole('heading', { level: 1, name: '站点管理' })).toBeVisible();
  await page.getByRole('button', { name: '新建站点' }).click();
  const dialog = page.getByRole('dialog', { name: '新建站点' });
  await dialog.getByLabel('名称').fill(stationName);
  await dialog.getByRole('button', { name: '绘制区域' }).click();
  // Four corners, then the first again to close the polygon (Geoman's draw tool).
  const square: [number, number][] = [
    [-120, -90],
    [120, -90],
    [120, 90],
    [-120, 90],
    [-120, -90],
  ];
  await clickMap(page, 'station-map', square);
  const areaText = dialog.getByLabel('区域（节点）');
  await expect(areaText).toHaveValue(/^\[\[114\.\d+,22\.\d+\],/);
  const nodes = JSON.parse(await areaText.inputValue()) as number[][];
  expect(nodes).toHaveLength(4);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: stationName });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();

  // The robot list puts the robot in the station.
  await openFromMenu(page, '机器人管理', '机器人列表');
  const robotRow = page.getByRole('row').filter({ hasText: `ST-${tag}` });
  await robotRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: '分配站点（1）' }).click();
  const assign = page.getByRole('dialog', { name: '为 1 个机器人分配站点' });
  await assign.getByLabel('所属站点').click();
  await page.locator('.ant-select-item-option').filter({ hasText: stationName }).click();
  await assign.getByRole('button', { name: /确\s*定/ }).click();
  await expect(robotRow).toContainText(stationName);

  // Deleting the station is refused, naming the robot.
  await openFromMenu(page, '机器人管理', '站点管理');
  await expect(row.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const refusal = page.getByRole('dialog').filter({ hasText: `站点“${stationName}”不能删除` });
  await expect(refusal).toContainText(`Station robot ${tag}`);
  await refusal.getByRole('button', { name: /知\s*道\s*了|确\s*定/ }).click();
  await expect(row).toBeVisible();

  // Without its robot the station goes.
  await api(page, '/robot-server/robot/station', { robotIds: [robotId], stationId: null });
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toBeHidden();
  await api(page, '/robot-server/robot/delete', { robotId });
});
