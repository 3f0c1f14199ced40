import { expect, test, type Locator, type Page } from '@playwright/test';
import { offset, type Fleet } from '@patrol/robot-sim';
import { ADMIN, api, openFromMenu, signIn, startE2eFleet } from './support.js';

/**
 * A patrol from plan to record: a job's path drawn on the station's map, a task built from it, a
 * schedule a minute ahead, the robot running it by itself, its execution record, and its playback.
 */

/** The drop-down just opened (an earlier one may still be closing). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/** Picks an option of an antd select found by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Where a locator comes to rest (the map fits its station first). */
async function restingBox(locator: Locator) {
  await expect(locator).toBeVisible();
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await locator.boundingBox());
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

/** The date and the minute `ms` from now in a time zone, as the schedule form takes them. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

let fleet: Fleet;

test.beforeAll(async () => {
  // One robot waiting for work, quick between nodes.
  fleet = await startE2eFleet({
    robots: 1,
    prefix: 'PATROL',
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

test('a job drawn on the map becomes a task, a schedule a minute ahead runs it on the robot, and the run is on record and plays back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-6);
  const names = { station: `Patrol yard ${tag}`, job: `Fence line ${tag}`, task: `Evening patrol ${tag}` };
  await signIn(page, ADMIN.account, ADMIN.password);
  const robot = fleet.robots[0]!;
  const corner = (east: number, north: number) => {
    const [lat, lng] = offset(robot.location, east, north);
    return [lng, lat];
  };
  const station = await api<{ stationId: number }>(page, 'POST', '/robot-server/station/create', {
    name: names.station,
    area: [corner(-60, -60), corner(60, -60), corner(60, 60), corner(-60, 60)],
  });
  const stationId = station.data.stationId;
  const live = await api<{ robotId: number; serialNumber: string }[]>(page, 'GET', '/robot-server/monitor/live');
  const robotId = live.data.find((r) => r.serialNumber === robot.serial)!.robotId;
  await api(page, 'POST', '/robot-server/robot/station', { robotIds: [robotId], stationId });
  const made = { jobs: [] as number[], tasks: [] as number[], schedules: [] as number[] };

  try {
    // 1. The job: its path clicked on the station's map, east of the robot.
    await openFromMenu(page, '任务管理', '作业管理');
    await page.getByRole('button', { name: '新建作业' }).click();
    const jobDialog = page.getByRole('dialog', { name: '新建作业' });
    await jobDialog.getByLabel('名称', { exact: true }).fill(names.job);
    await choose(page, jobDialog, '类型', '巡逻');
    await choose(page, jobDialog, '所属站点', names.station);
    await jobDialog.getByLabel('触发名称').fill('Each stop');
    await choose(page, jobDialog, '触发类型', '每个节点');
    await jobDialog.getByLabel('动作名称').fill('Announce');
    await choose(page, jobDialog, '动作类型', '喊话');
    await jobDialog.getByLabel('巡逻圈数').fill('1');
    await jobDialog.getByLabel('喊话内容').fill('Patrol passing, please stand clear');
    const yard = await restingBox(page.getByTestId('job-map').locator('.leaflet-patrol-areas-pane path').first());
    for (const fx of [0.6, 0.9]) await page.mouse.click(yard.x + yard.width * fx, yard.y + yard.height * 0.5);
    const nodes = jobDialog.getByRole('list', { name: '路径节点' }).getByRole('listitem');
    await expect(nodes).toHaveCount(2);
    for (const [index, guide] of ['East gate', 'Fence corner'].entries()) {
      await jobDialog.getByLabel(`节点 ${index + 1} 的引导数据`).fill(guide);
    }
    await jobDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(jobDialog).toBeHidden();
    const job = (
      await api<{ jobId: number; name: string }[]>(page, 'GET', `/task-server/job/list?stationId=${stationId}`)
    ).data.find((j) => j.name === names.job)!;
    made.jobs.push(job.jobId);

    // 2. The task, of that job.
    await openFromMenu(page, '任务管理', '任务列表');
    await page.getByRole('button', { name: '新建任务' }).click();
    const taskDialog = page.getByRole('dialog', { name: '新建任务' });
    await taskDialog.getByLabel('名称', { exact: true }).fill(names.task);
    await choose(page, taskDialog, '类型', '常规');
    await taskDialog.getByRole('combobox', { name: '作业（按顺序）' }).click();
    await page.keyboard.type(names.job);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: names.job }).first().click();
    await taskDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(taskDialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: names.task })).toBeVisible();
    const task = (await api<{ taskId: number; name: string }[]>(page, 'GET', '/task-server/task/list')).data.find(
      (t) => t.name === names.task,
    )!;
    made.tasks.push(task.taskId);

    // 3. The schedule: once, on this robot, at a whole minute at least 45 s ahead (filling the form
    // takes a while on a loaded machine, and a time already past previews nothing), in the tenant's zone.
    const zone = (await api<{ timeZone: string }>(page, 'GET', '/task-server/schedule/zone')).data.timeZone;
    const now = Date.now();
    const at = wallClock(Math.ceil((now + 45_000) / 60_000) * 60_000 - now, zone);
    await openFromMenu(page, '任务管理', '任务调度');
    await page.getByRole('button', { name: '新增计划' }).click();
    const scheduleDialog = page.getByRole('dialog', { name: '新增计划' });
    await choose(page, scheduleDialog, '任务', names.task);
    await choose(page, scheduleDialog, '机器人', robot.serial);
    await scheduleDialog.locator('label').filter({ hasText: '单次执行' }).click();
    await scheduleDialog.getByLabel('日期').fill(at.date);
    await scheduleDialog.getByLabel('日期').press('Enter');
    await scheduleDialog.getByLabel('执行时间').fill(at.time);
    await scheduleDialog.getByLabel('执行时间').press('Enter');
    await expect(scheduleDialog.getByTestId('schedule-preview').getByRole('listitem').first()).toContainText(at.time);
    await scheduleDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(scheduleDialog).toBeHidden();
    const scheduleRow = page.getByRole('row').filter({ hasText: names.task });
    await expect(scheduleRow).toContainText(at.time);
    const schedules = await api<{ rows: { scheduleId: number; taskId: number }[] }>(
      page,
      'GET',
      '/task-server/schedule/page?index=1&size=50',
    );
    made.schedules.push(...schedules.data.rows.filter((s) => s.taskId === task.taskId).map((s) => s.scheduleId));

    // 4. At its minute the robot starts by itself: the live map shows it patrolling.
    await openFromMenu(page, '数据中心', '实时监控');
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await api<{ serialNumber: string; state: { mode: string } | null }[]>(
              page,
              'GET',
              '/robot-server/monitor/live',
            )
          ).data.find((r) => r.serialNumber === robot.serial)?.state?.mode,
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('patrolling');

    // 5. Its execution record: from the schedule, finished, with both arrivals.
    await openFromMenu(page, '任务管理', '执行记录');
    const runRow = page.locator('.ant-table-row:visible').filter({ hasText: names.task }).first();
    await expect(runRow.locator('[data-run-status]')).toHaveAttribute('data-run-status', 'finished', {
      timeout: 60_000,
    });
    await expect(runRow).toContainText('2 / 2');
    expect(robot.spoken).toContain('Patrol passing, please stand clear');

    // 6. Playback of the run on the history page.
    await runRow.getByRole('button', { name: /回放/ }).click();
    await expect(page).toHaveURL(/#\/data\/history\?robotId=\d+&from=.+&to=.+&runId=\d+/);
    const playback = page.locator('.history-playback-page');
    const time = playback.getByTestId('playback-time');
    await expect(time).toBeVisible();
    const before = await time.innerText();
    await playback.getByText('16×').click();
    await playback.getByRole('button', { name: /播放/ }).click();
    await expect(playback.getByTestId('track-robot')).toBeVisible();
    await expect.poll(() => time.innerText(), { timeout: 15_000 }).not.toBe(before);
  } finally {
    for (const scheduleId of made.schedules) await api(page, 'POST', '/task-server/schedule/delete', { scheduleId });
    for (const taskId of made.tasks) await api(page, 'POST', '/task-server/task/delete', { taskId });
    for (const jobId of made.jobs) await api(page, 'POST', '/task-server/job/delete', { jobId });
    await api(page, 'POST', '/robot-server/robot/station', { robotIds: [robotId], stationId: null });
    await api(page, 'POST', '/robot-server/station/delete', { stationId });
  }
});
