import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, answerDialog, api, openFromMenu, signIn, startE2eFleet } from './support.js';

let fleet: Fleet;
const SERIAL = 'WO-0001';

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 1,
    prefix: 'WO',
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
    faultChance: 0,
  });
});
test.afterAll(async () => {
  // The robot pages count the whole tenant's fleet: leave it as it was (the orders keep the robot's name).
  await fleet?.stop();
  await fleet?.remove();
});

const DESCRIPTION = '左驱动电机异响，巡逻时偶发停顿，需要检查并更换轴承。';
/** Twenty days ahead, as the picker types it. */
const deadline = () => {
  const d = new Date(Date.now() + 20 * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} 10:00:00`;
};

const dialogNamed = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text }).first();

async function openRepair(page: Page) {
  await openFromMenu(page, '机器人管理', '维修保养');
  await expect(page.getByRole('heading', { level: 1, name: '维修保养' })).toBeVisible();
}

/** Chooses an option of an antd Select in a form, by the field's label and the option's text. */
async function choose(scope: Locator, page: Page, label: string | RegExp, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Runs a status action of a row through its dialog, with a comment. */
async function act(page: Page, row: Locator, action: string, title: RegExp, comment: string) {
  await row.getByRole('button', { name: new RegExp(`${action}$`) }).click();
  const dialog = dialogNamed(page, title);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('意见').fill(comment);
  await answerDialog(dialog, /确\s*定/);
}

test('an order with its details is created, pushed, processed and finished, with its timeline; its robot is stopped for repair meanwhile', async ({
  page,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openRepair(page);

  await page.getByRole('button', { name: '新建工单' }).click();
  const form = dialogNamed(page, '新建维修工单');
  await expect(form).toBeVisible();
  await choose(form, page, '机器人', SERIAL);
  await form.getByText('停机维修', { exact: true }).click();
  await choose(form, page, '紧急程度', '紧急');
  await form.getByLabel('截止时间', { exact: true }).fill(deadline());
  await form.getByLabel('截止时间', { exact: true }).press('Enter');
  await choose(form, page, '维修人员', `(${ADMIN.account})`);
  await form.getByLabel('问题描述', { exact: true }).fill(DESCRIPTION);
  await form.getByRole('button', { name: '添加明细' }).click();
  const item = form.getByRole('group', { name: '第 1 条明细' });
  await item.getByLabel('模块名称').fill('左驱动电机');
  await choose(item, page, '维修类型', '更换');
  await item.getByLabel('数量').fill('2');
  await item.getByLabel('金额').fill('1200.50');
  await item.getByLabel('备注').fill('更换两只轴承');
  await answerDialog(form, /确\s*定/);

  const row = rowOf(page, SERIAL);
  await expect(row).toContainText('草稿');
  await expect(row).toContainText('1200.50');
  const number = (await row.locator('td').first().innerText()).trim();
  expect(number).toMatch(/^WO\d{8}-\d{4}$/);

  // Out of service: the robot list says so.
  await openFromMenu(page, '机器人管理', '机器人列表');
  await expect(rowOf(page, SERIAL)).toContainText('停机维修');
  await openRepair(page);

  // Only what is allowed now: a draft is pushed, not processed or finished.
  const order = rowOf(page, number);
  await expect(order.getByRole('button', { name: /处理$/ })).toHaveCount(0);
  await expect(order.getByRole('button', { name: /完成$/ })).toHaveCount(0);
  await act(page, order, '推送', /推送工单/, '请今天内处理');
  await expect(order).toContainText('待处理');
  await act(page, order, '处理', /处理工单/, '已到现场');
  await expect(order).toContainText('处理中');
  await act(page, order, '完成', /完成工单/, '已更换，试运行正常');
  await expect(order).toContainText('已处理');
  await expect(order.getByRole('button', { name: /编辑$/ })).toHaveCount(0);

  // The robot is back in service.
  await openFromMenu(page, '机器人管理', '机器人列表');
  await expect(rowOf(page, SERIAL)).not.toContainText('停机维修');

  // The details: fields, items with their total, and the timeline in order.
  await openRepair(page);
  await rowOf(page, number).getByRole('button', { name: /详情/ }).click();
  const details = dialogNamed(page, new RegExp(`工单详情.*${number}`));
  await expect(details).toContainText(DESCRIPTION);
  await expect(details).toContainText('左驱动电机');
  await expect(details).toContainText('1200.50');
  const timeline = details.locator('.ant-timeline-item');
  await expect(timeline).toHaveCount(4);
  await expect(timeline.nth(0)).toContainText('创建');
  await expect(timeline.nth(1)).toContainText('请今天内处理');
  await expect(timeline.nth(2)).toContainText('已到现场');
  await expect(timeline.nth(3)).toContainText('已更换，试运行正常');

  // The printable page shows the order on its own.
  await details.getByRole('button', { name: '打印' }).click();
  const print = page.getByTestId('work-order-print');
  await expect(print).toContainText(`维修工单 ${number}`);
  await expect(print).toContainText('左驱动电机');
});

test('finishing an order without its maintenance details is refused with the message of the spec', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const robots = await api<{ rows: { robotId: number; serialNumber: string }[] }>(
    page,
    'GET',
    `/robot-server/robot/page?index=1&size=10&keyword=${SERIAL}`,
  );
  const robotId = robots.data.rows.find((r) => r.serialNumber === SERIAL)!.robotId;
  const home = await api<{ loginUser: { userId: number } }>(page, 'GET', '/system-server/user/get/home/date');
  const created = await api<{ workOrderId: number; number: string }>(page, 'POST', '/robot-server/repair/create', {
    type: 'maintenance',
    robotId,
    equipmentStatus: 'normal',
    urgency: 'normal',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    assigneeId: home.data.loginUser.userId,
    description: '季度保养：清洁传感器，检查底盘与电池状态。',
    items: [],
  });
  expect(created.code).toBe(200);
  const { workOrderId, number } = created.data;
  for (const step of ['push', 'process'] as const) {
    expect((await api(page, 'POST', `/robot-server/repair/${step}`, { workOrderId })).code).toBe(200);
  }

  await openRepair(page);
  const order = rowOf(page, number);
  await expect(order).toContainText('处理中');
  await order.getByRole('button', { name: /完成$/ }).click();
  const dialog = dialogNamed(page, /完成工单/);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByTestId('dialog-refusal')).toHaveText('请先维护维修明细');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(order).toContainText('处理中');
});

const INVALID = [
  {
    language: '繁體中文',
    create: '新增工單',
    add: '新增明細',
    messages: [
      '請選擇機器人',
      '請選擇截止時間',
      '問題描述為 20 到 500 個字元',
      '模組名稱最多 30 個字元',
      '請輸入有效的金額（最多兩位小數）',
    ],
  },
  {
    language: 'English',
    create: 'New work order',
    add: 'Add an item',
    messages: [
      'Please choose the robot',
      'Please choose the deadline',
      'The description is 20 to 500 characters',
      'The module name is at most 30 characters',
      'Please enter a valid amount (at most 2 decimals)',
    ],
  },
  {
    language: '简体中文',
    create: '新建工单',
    add: '添加明细',
    messages: [
      '请选择机器人',
      '请选择截止时间',
      '问题描述为 20 到 500 个字符',
      '模块名称最多 30 个字符',
      '请输入有效的金额（最多两位小数）',
    ],
  },
];

test('invalid fields show their messages in all three languages, and nothing is saved', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await openRepair(page);
  const before = await api<{ total: number }>(page, 'GET', '/robot-server/repair/page?index=1&size=1');
  for (const l of INVALID) {
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: l.language }).click();
    await page.getByRole('button', { name: l.create }).click();
    const form = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: l.add }) });
    await expect(form).toBeVisible();
    await form.locator('textarea').first().fill('太短了');
    await form.getByRole('button', { name: l.add }).click();
    // A module name of 31 characters, an amount with 3 decimals.
    const item = form.getByTestId('work-order-items').locator('fieldset').first();
    await item.locator('input').first().fill('模'.repeat(31));
    await item.locator('input[inputmode="decimal"], input[name$="amount"], input[id$="amount"]').first().fill('1.234');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    for (const text of l.messages) await expect(form.getByText(text, { exact: true })).toBeVisible();
    await form.locator('.ant-modal-footer .ant-btn').first().click();
    await expect(form).toBeHidden();
  }
  const after = await api<{ total: number }>(page, 'GET', '/robot-server/repair/page?index=1&size=1');
  expect(after.data.total).toBe(before.data.total);
});

test("a simulated robot's fault report opens one draft order, and a repeat adds to it; the list exports", async ({
  page,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const robot = fleet.robots[0]!;
  const first = robot.reportFault('lidar');
  await openRepair(page);
  // Orders are not pushed live: the list is searched again until the robot's report has landed.
  await expect(async () => {
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(rowOf(page, SERIAL).filter({ hasText: '草稿' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  robot.reportFault('lidar');

  await rowOf(page, SERIAL).filter({ hasText: '草稿' }).getByRole('button', { name: /详情/ }).click();
  const details = page.getByRole('dialog', { name: /工单详情/ });
  await expect(details).toContainText('lidar');
  await expect(details).toContainText(first.code);
  await expect(details).toContainText(first.message);
  // The repeat is the same open fault: one order with two reports.
  await expect(async () => {
    const list = await api<{ rows: { workOrderId: number; source: string; faultModule: string | null }[] }>(
      page,
      'GET',
      `/robot-server/repair/page?index=1&size=50&status=draft`,
    );
    const faults = list.data.rows.filter((r) => r.source === 'fault' && r.faultModule === 'lidar');
    expect(faults).toHaveLength(1);
    const detail = await api<{ faults: unknown[] }>(
      page,
      'GET',
      `/robot-server/repair/detail?workOrderId=${faults[0]!.workOrderId}`,
    );
    expect(detail.data.faults).toHaveLength(2);
  }).toPass({ timeout: 20_000 });
  await details.getByRole('button', { name: '关闭详情' }).click();
  // The drawer gives the focus back to its opener once it has gone: a list opened before then closes.
  await expect(details).toBeHidden();

  // The filtered list exports as a spreadsheet with the order in it.
  const draft = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '草稿' });
  await expect(async () => {
    if (!(await draft.isVisible())) await page.getByLabel('状态', { exact: true }).click();
    await draft.click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('维修保养.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((row) => cells.push((row.values as unknown[]).map(String).join(' ')));
  expect(cells.join('\n')).toContain(SERIAL);
  expect(cells.join('\n')).toContain('草稿');
  expect(cells.join('\n')).not.toContain('已处理');
});
