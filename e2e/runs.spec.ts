import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { offset, type Fleet } from '@patrol/robot-sim';
import { ADMIN, openFromMenu, signIn, startE2eFleet } from './support.js';

/** Calls the API as the signed-in user, in the tenant the console acts in. */
async function api<T = unknown>(page: Page, path: string, body: unknown): Promise<T> {
  const { token, tenantId } = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    tenantId: localStorage.getItem('tenantId') ?? '1',
  }));
  const res = await page.request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': tenantId },
    data: body,
  });
  const answer = (await res.json()) as { code: number; message: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Serious or critical WCAG 2.2 AA violations inside `selector`. */
async function axeViolations(page: Page, selector: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string }[] }> };
      }
    ).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    );
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  }, selector);
}

let fleet: Fleet;

test.beforeAll(async () => {
  // Robots that wait for tasks (not patrolling their own loops), quick between nodes.
  fleet = await startE2eFleet({
    robots: 1,
    prefix: 'RUN',
    speed: 4,
    telemetryMs: 500,
    eventChance: 0,
    uploadChance: 0,
    alarmChance: 0,
    mode: 'idle',
    actionMs: 300,
  });
});
test.afterAll(async () => {
  await fleet?.stop();
  await fleet?.remove();
});

test('a task runs now on a robot of its station; the record goes to finished and shows the node arrivals', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  await signIn(page, ADMIN.account, ADMIN.password);
  const robot = fleet.robots[0]!;
  const here = robot.location;
  const corner = (east: number, north: number) => {
    const [lat, lng] = offset(here, east, north);
    return [lng, lat];
  };
  const node = (east: number, mode: number, guide: string) => {
    const [lat, lng] = offset(here, east, 0);
    return { lng, lat, mode, type: 1, guide };
  };
  const station = await api<{ stationId: number }>(page, '/robot-server/station/create', {
    name: `Run yard ${tag}`,
    area: [corner(-100, -100), corner(100, -100), corner(100, 100), corner(-100, 100)],
  });
  const live = await page.request.get('/api/robot-server/monitor/live', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token') ?? '')}`,
    },
  });
  const found = ((await live.json()) as { data: { robotId: number; serialNumber: string }[] }).data.find(
    (r) => r.serialNumber === robot.serial,
  );
  const ids = found ? [found.robotId] : [];
  await api(page, '/robot-server/robot/station', { robotIds: ids, stationId: station.stationId });
  const job = await api<{ jobId: number }>(page, '/task-server/job/create', {
    name: `Gate loop ${tag}`,
    type: 'patrol',
    stationId: station.stationId,
    description: '',
    triggerName: 'At each stop',
    triggerType: 'eachNode',
    actionName: 'Announce',
    actionType: 'speak',
    rounds: 1,
    speakerData: 'Please keep the gate clear',
    nodes: [node(5, 1, 'Gate'), node(10, 2, 'Lobby')],
  });
  const task = await api<{ taskId: number }>(page, '/task-server/task/create', {
    name: `Night round ${tag}`,
    type: 'routine',
    description: '',
    jobIds: [job.jobId],
  });

  try {
    await openFromMenu(page, '任务管理', '执行记录');
    await expect(page.getByRole('heading', { level: 1, name: '执行记录' })).toBeVisible();
    await page.getByRole('button', { name: '立即执行' }).click();
    const dialog = page.getByRole('dialog', { name: '立即执行任务' });
    await dialog.getByLabel('任务').click();
    await page.locator('.ant-select-dropdown:visible').getByText(`Night round ${tag}`).click();
    await dialog.getByLabel('机器人').click();
    await page.locator('.ant-select-dropdown:visible').getByText(robot.serial, { exact: false }).click();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(dialog).toBeHidden();

    // The details open on the new run and follow it to its end.
    const drawer = page.getByRole('dialog', { name: `Night round ${tag} 的执行记录` });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('[data-run-status]')).toHaveAttribute('data-run-status', 'finished', {
      timeout: 60_000,
    });
    const arrivals = drawer.locator('[data-step="nodeReached"]');
    await expect(arrivals).toHaveCount(2);
    await expect(arrivals.nth(0)).toContainText(`Gate loop ${tag} · 第 1 圈 · 节点 1`);
    await expect(arrivals.nth(1)).toContainText('节点 2');
    await expect(drawer.getByRole('table', { name: '执行期间的指令' })).toContainText('执行任务');
    await expect(drawer.getByRole('group', { name: /执行路径：共 2 个节点，已到达 2 个/ })).toBeVisible();
    expect(await axeViolations(page, '.ant-drawer')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const row = page
      .locator('.ant-table-row:visible')
      .filter({ hasText: `Night round ${tag}` })
      .first();
    await expect(row.locator('[data-run-status]')).toHaveAttribute('data-run-status', 'finished');
    await expect(row).toContainText('2 / 2');
    expect(robot.spoken).toEqual(['Please keep the gate clear', 'Please keep the gate clear']);

    // Play back opens the robot's track of the run.
    await row.getByRole('button', { name: /回放/ }).click();
    await expect(page).toHaveURL(/#\/data\/history\?robotId=\d+&from=.+&to=.+&runId=\d+/);

    // A robot that cannot take it: the reason, and nothing recorded.
    await openFromMenu(page, '任务管理', '执行记录');
    await robot.disconnect();
    await page.getByRole('button', { name: '立即执行' }).click();
    const again = page.getByRole('dialog', { name: '立即执行任务' });
    await again.getByLabel('任务').click();
    await page.locator('.ant-select-dropdown:visible').getByText(`Night round ${tag}`).click();
    await again.getByLabel('机器人').click();
    await page.locator('.ant-select-dropdown:visible').getByText(robot.serial, { exact: false }).click();
    await again.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(again.getByTestId('dialog-refusal')).toContainText('机器人离线');
    await page.keyboard.press('Escape');
  } finally {
    await api(page, '/task-server/task/delete', { taskId: task.taskId }).catch(() => undefined);
    await api(page, '/task-server/job/delete', { jobId: job.jobId }).catch(() => undefined);
    await api(page, '/robot-server/robot/station', { robotIds: ids, stationId: null }).catch(() => undefined);
    await api(page, '/robot-server/station/delete', { stationId: station.stationId }).catch(() => undefined);
  }
});
