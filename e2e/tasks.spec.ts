import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, openFromMenu, signIn } from './support.js';

type Task = { taskId: number; name: string; status: number; jobs: { jobId: number; name: string }[] };

/** The drop-down just opened (an earlier one may still be closing). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

const C = { lng: 114.0579, lat: 22.5431 };
const square = (lng: number, lat: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];
const path = (dy: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    lng: C.lng - 0.001 + i * 0.0005,
    lat: C.lat + dy,
    mode: i === 0 ? 1 : i === count - 1 ? 2 : 0,
    type: 0,
    guide: `Step ${i + 1}`,
  }));

test('a task is built from two jobs of a station, reordered, and disabled with a confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const taskName = `Night round ${tag}`;
  await signIn(page, ADMIN.account, ADMIN.password);
  const station = await api<{ stationId: number }>(page, 'POST', '/robot-server/station/create', {
    name: `Task yard ${tag}`,
    area: square(C.lng, C.lat, 0.002),
  });
  const stationId = station.data.stationId;
  const jobIds: number[] = [];
  for (const [name, dy, count] of [
    [`North lane ${tag}`, 0.001, 3],
    [`South lane ${tag}`, -0.001, 4],
  ] as const) {
    const job = await api<{ jobId: number }>(page, 'POST', '/task-server/job/create', {
      name,
      type: 'patrol',
      stationId,
      description: '',
      triggerName: 'Each node',
      triggerType: 'eachNode',
      actionName: 'Say',
      actionType: 'speak',
      rounds: 1,
      speakerData: 'Patrol in progress',
      nodes: path(dy, count),
    });
    expect(job.code).toBe(200);
    jobIds.push(job.data.jobId);
  }
  const tasks = async () =>
    (await api<Task[]>(page, 'GET', '/task-server/task/list')).data.filter((t) => t.name === taskName);

  try {
    await openFromMenu(page, '任务管理', '任务列表');
    await expect(page.getByRole('heading', { level: 1, name: '任务列表' })).toBeVisible();
    await page.getByRole('button', { name: '新建任务' }).click();
    const dialog = page.getByRole('dialog', { name: '新建任务' });
    // Jobs are required.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('请至少选择一个作业')).toBeVisible();
    await dialog.getByLabel('名称', { exact: true }).fill(taskName);
    await dialog.getByLabel('类型', { exact: true }).click();
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: '常规' }).click();
    for (const name of [`North lane ${tag}`, `South lane ${tag}`]) {
      await dialog.getByRole('combobox', { name: '作业（按顺序）' }).click();
      await page.keyboard.type(name);
      await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: name }).first().click();
    }
    const order = dialog.getByRole('list', { name: '作业（按顺序）' }).getByRole('listitem');
    await expect(order).toHaveCount(2);
    await expect(order.nth(0)).toContainText('3 个节点 · 1 圈');
    await expect(dialog.getByText(/共 7 个节点/)).toBeVisible();
    // South lane first.
    await dialog.getByRole('button', { name: `上移 South lane ${tag}` }).click();
    await expect(order.nth(0)).toContainText(`South lane ${tag}`);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: taskName });
    await expect(row).toContainText(`1. South lane ${tag}`);
    await expect(row).toContainText(`2. North lane ${tag}`);
    await expect(row.getByRole('cell', { name: '7', exact: true })).toBeVisible();
    expect((await tasks())[0]!.jobs.map((j) => j.jobId)).toEqual([jobIds[1], jobIds[0]]);

    // Disabling asks first; cancelling changes nothing.
    const toggle = row.getByRole('switch', { name: taskName });
    await expect(toggle).toBeChecked();
    await toggle.click();
    const confirm = page.getByRole('dialog').filter({ hasText: `确定停用「${taskName}」吗？` });
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(toggle).toBeChecked();
    expect((await tasks())[0]!.status).toBe(1);
    await toggle.click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `确定停用「${taskName}」吗？` })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(toggle).not.toBeChecked();
    expect((await tasks())[0]!.status).toBe(0);

    // A job in use cannot be deleted; the task can.
    const refused = await api(page, 'POST', '/task-server/job/delete', { jobId: jobIds[0] });
    expect(refused.code).toBe(409);
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row).toBeHidden();
  } finally {
    for (const task of await tasks()) await api(page, 'POST', '/task-server/task/delete', { taskId: task.taskId });
    for (const jobId of jobIds) await api(page, 'POST', '/task-server/job/delete', { jobId });
    await api(page, 'POST', '/robot-server/station/delete', { stationId });
  }
});
