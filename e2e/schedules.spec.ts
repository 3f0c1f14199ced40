import { expect, test, type Page } from '@playwright/test';
import { ADMIN, answerDialog, openFromMenu, signIn } from './support.js';

/** Calls the API as the signed-in user, in the tenant the console acts in. */
async function api(page: Page, path: string, body?: unknown) {
  const { token, tenantId } = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    tenantId: localStorage.getItem('tenantId') ?? '1',
  }));
  const headers = { authorization: `Bearer ${token}`, 'tenant-id': tenantId };
  const res =
    body === undefined
      ? await page.request.get(`/api${path}`, { headers })
      : await page.request.post(`/api${path}`, { headers, data: body });
  return (await res.json()) as { code: number; message: string; data: never };
}

const AREA = [
  [114.0571, 22.5425],
  [114.0587, 22.5425],
  [114.0587, 22.5437],
  [114.0571, 22.5437],
];

/** A station, a job on it and a task of that job: what a schedule needs. */
async function makeTask(page: Page, tag: string) {
  const station = await api(page, '/robot-server/station/create', { name: `Sched st ${tag}`, area: AREA });
  const stationId = (station.data as { stationId: number }).stationId;
  const job = await api(page, '/task-server/job/create', {
    name: `Sched job ${tag}`,
    type: 'patrol',
    stationId,
    description: '',
    triggerName: 'Each node',
    triggerType: 'eachNode',
    actionName: 'Speak',
    actionType: 'speak',
    rounds: 1,
    speakerData: 'Patrol in progress',
    nodes: [
      { lng: 114.0574, lat: 22.5428, mode: 1, type: 0, guide: 'Start' },
      { lng: 114.0584, lat: 22.5434, mode: 2, type: 0, guide: 'End' },
    ],
  });
  const jobId = (job.data as { jobId: number }).jobId;
  const task = await api(page, '/task-server/task/create', {
    name: `Night round ${tag}`,
    type: 'routine',
    description: '',
    jobIds: [jobId],
  });
  const taskId = (task.data as { taskId: number }).taskId;
  return {
    name: `Night round ${tag}`,
    remove: async () => {
      // A schedule left by a failed step goes first: specs share one server.
      const left = await api(page, `/task-server/schedule/page?index=1&size=50&keyword=${encodeURIComponent(tag)}`);
      for (const row of (left.data as { rows: { scheduleId: number }[] } | null)?.rows ?? []) {
        await api(page, '/task-server/schedule/delete', { scheduleId: row.scheduleId });
      }
      await api(page, '/task-server/task/delete', { taskId });
      await api(page, '/task-server/job/delete', { jobId });
      await api(page, '/robot-server/station/delete', { stationId });
    },
  };
}

test('a repeating schedule shows its next five runs, is disabled with confirmation and deleted', async ({
  page,
}, testInfo) => {
  const tag = String(Date.now()).slice(-6);
  await signIn(page, ADMIN.account, ADMIN.password);
  const task = await makeTask(page, tag);
  try {
    await openFromMenu(page, '任务管理', '任务调度');
    await expect(page.getByRole('heading', { level: 1, name: '任务调度' })).toBeVisible();
    await page.getByRole('button', { name: '新增计划' }).click();
    const dialog = page.getByRole('dialog', { name: '新增计划' });
    await dialog.getByLabel('任务', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: task.name }).click();
    const preview = dialog.getByTestId('schedule-preview');
    await expect(preview).toContainText('填写完整后显示执行时间');

    await dialog.getByLabel('执行时间').fill('08:00');
    await dialog.getByLabel('执行时间').press('Enter');
    await dialog.getByRole('checkbox', { name: '周一' }).check();
    await dialog.getByRole('checkbox', { name: '周三' }).check();
    // Five times, each at 08:00 on a Monday or a Wednesday, in the tenant's zone.
    const times = preview.getByRole('listitem');
    await expect(times).toHaveCount(5);
    for (const text of await times.allInnerTexts()) expect(text).toMatch(/(周一|周三).*08:00/);
    await expect(preview).toContainText('Asia/Shanghai');

    // A start day after the end day is refused under the field, in the console's language.
    await dialog.getByLabel('开始日').fill('20');
    await dialog.getByLabel('结束日').fill('10');
    await dialog.getByLabel('结束日').blur();
    await expect(dialog.getByText('开始日不能晚于结束日')).toBeVisible();
    await expect(preview).toContainText('填写完整后显示执行时间');
    await dialog.getByLabel('开始日').fill('1');
    await dialog.getByLabel('结束日').fill('31');
    await expect(times).toHaveCount(5);
    await page.screenshot({ path: testInfo.outputPath('schedule-form-zh-CN.png') });

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: task.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('重复执行');
    await expect(row).toContainText('08:00');

    // Disabling asks first, then the schedule has no next run.
    await row.getByRole('switch', { name: task.name }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: task.name });
    await answerDialog(confirm, /确\s*定/);
    await expect(row.getByRole('switch', { name: task.name })).not.toBeChecked();
    await expect(row).toContainText('无');

    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row).toBeHidden();
  } finally {
    await task.remove();
  }
});
