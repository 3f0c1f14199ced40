import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow, LngLat, PathNode, TaskRow } from '@patrol/contracts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenantPair, makeUser } from '../../../test/factories.js';
import { loadTaskForRun } from './tasks.shared.js';

const BASE = 'task-server/task';
const AREA: LngLat[] = [
  [114.05, 22.53],
  [114.07, 22.53],
  [114.07, 22.55],
  [114.05, 22.55],
];
const nodes = (count: number): PathNode[] =>
  Array.from({ length: count }, (_, i) => ({
    lng: 114.055 + i * 0.001,
    lat: 22.54,
    mode: i === 0 ? 1 : i === count - 1 ? 2 : 0,
    type: 0,
    guide: `Node ${i + 1}`,
  }));
const JOB = {
  type: 'patrol',
  description: '',
  triggerName: 'Each node',
  triggerType: 'eachNode',
  actionName: 'Speak',
  actionType: 'speak',
  rounds: 1,
  speakerData: 'Patrol in progress',
};

describe('tasks', () => {
  let t: TestApp;
  let token: string;
  let tenantId: number;
  let otherToken: string;
  const grants = [
    'POST /api/robot-server/station/create',
    'POST /api/task-server/job/create',
    ...['GET page', 'POST create', 'POST update', 'POST status', 'POST delete'].map((r) =>
      r.replace(' ', ` /api/${BASE}/`),
    ),
    'POST /api/task-server/schedule/create',
    'POST /api/task-server/schedule/delete',
  ];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, grants);
    token = pair.token;
    tenantId = pair.tenantId;
    const other = await makeUser(t, pair.otherTenantId, { roleCodes: ['tenantAdmin'], grants });
    otherToken = await login(t.app, other.account, other.password);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, who = token, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers: as(who, { lang }), payload: payload as object });
  const get = (path: string, who = token) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: as(who) });
  const station = async (name: string, who = token) =>
    (await post('robot-server/station/create', { name, area: AREA }, who)).json().data.stationId as number;
  const job = async (
    stationId: number,
    name: string,
    nodeCount = 2,
    extra: Record<string, unknown> = {},
    who = token,
  ) =>
    (await post('task-server/job/create', { ...JOB, name, stationId, nodes: nodes(nodeCount), ...extra }, who)).json()
      .data as JobRow;
  const task = (name: string, jobIds: number[], extra: Record<string, unknown> = {}) =>
    post(`${BASE}/create`, { name, type: 'routine', description: '', jobIds, ...extra });
  const listNames = async (query = '') =>
    ((await get(`${BASE}/list${query}`)).json().data as TaskRow[]).map((r) => r.name);

  it('requires a name, a type and at least one job, and saves nothing otherwise', async () => {
    const empty = await post(`${BASE}/create`, {});
    expect(empty.statusCode).toBe(422);
    expect(
      Object.fromEntries(empty.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])),
    ).toEqual({
      name: 'Please enter the task name',
      type: 'Please choose the task type',
      jobIds: 'Please choose at least one job',
    });
    const zh = await post(`${BASE}/create`, { name: ' ', type: 'routine', jobIds: [] }, token, 'zh-CN');
    expect(zh.json().errors).toEqual([
      { path: 'name', message: '请输入任务名称' },
      { path: 'jobIds', message: '请至少选择一个作业' },
    ]);
    expect(await listNames()).toEqual([]);
  });

  it('builds a task of one station from its jobs in order, changes and reorders it', async () => {
    const stationId = await station('Campus');
    const a = await job(stationId, 'Gate round', 3, { type: 'inspection', rounds: 2 });
    const b = await job(stationId, 'Yard round', 4);
    const made = await task('Night patrol', [b.jobId, a.jobId, b.jobId], { description: 'After closing' });
    expect(made.statusCode).toBe(200);
    const row = made.json().data as TaskRow;
    expect(row).toMatchObject({
      name: 'Night patrol',
      type: 'routine',
      description: 'After closing',
      status: 1,
      stationId,
      stationName: 'Campus',
      nodeCount: 11,
      jobs: [
        { jobId: b.jobId, name: 'Yard round', type: 'patrol', rounds: 1, nodeCount: 4 },
        { jobId: a.jobId, name: 'Gate round', type: 'inspection', rounds: 2, nodeCount: 3 },
        { jobId: b.jobId, name: 'Yard round', type: 'patrol', rounds: 1, nodeCount: 4 },
      ],
    });

    const changed = await post(`${BASE}/update`, {
      taskId: row.taskId,
      name: 'Night patrol 2',
      type: 'special',
      description: '',
      jobIds: [a.jobId, b.jobId],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Night patrol 2', type: 'special', nodeCount: 7 });
    expect((changed.json().data as TaskRow).jobs.map((j) => j.jobId)).toEqual([a.jobId, b.jobId]);

    // What a run dispatches: the task with its status, and every field of its jobs in order.
    const forRun = await loadTaskForRun(t.db, tenantId, row.taskId);
    expect(forRun).toMatchObject({ taskId: row.taskId, name: 'Night patrol 2', status: 1, stationId });
    expect(forRun?.jobs.map((j) => [j.id, j.name, j.rounds, j.triggerType, j.speakerData])).toEqual([
      [a.jobId, 'Gate round', 2, 'eachNode', 'Patrol in progress'],
      [b.jobId, 'Yard round', 1, 'eachNode', 'Patrol in progress'],
    ]);
    expect(forRun?.jobs[1]?.nodes).toEqual(nodes(4));
    expect(await loadTaskForRun(t.db, tenantId + 1000, row.taskId)).toBeNull();

    expect((await post(`${BASE}/delete`, { taskId: row.taskId })).statusCode).toBe(200);
    expect(await loadTaskForRun(t.db, tenantId, row.taskId)).toBeNull();
    const gone = await post(`${BASE}/delete`, { taskId: row.taskId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The task does not exist');
  });

  it("refuses jobs of two stations and another tenant's jobs, and changes nothing", async () => {
    const north = await station('North');
    const south = await station('South');
    const n = await job(north, 'North job');
    const s = await job(south, 'South job');
    const mixed = await task('Mixed', [n.jobId, s.jobId]);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe("The task's jobs must belong to one station");

    const theirStation = await station('Theirs', otherToken);
    const theirs = await job(theirStation, 'Their job', 2, {}, otherToken);
    const foreign = await task('Foreign', [n.jobId, theirs.jobId]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The job does not exist');
    expect(foreign.json().errors).toEqual([{ path: 'jobIds.1', message: 'The job does not exist' }]);
    expect(await listNames()).not.toContain('Mixed');
    expect(await listNames()).not.toContain('Foreign');

    // Changing a good task into a mixed one is refused and the task keeps its jobs.
    const good = (await task('Good', [n.jobId])).json().data as TaskRow;
    const bad = await post(`${BASE}/update`, { ...good, jobIds: [n.jobId, s.jobId] });
    expect(bad.statusCode).toBe(409);
    const kept = ((await get(`${BASE}/list`)).json().data as TaskRow[]).find((r) => r.taskId === good.taskId);
    expect(kept?.jobs.map((j) => j.jobId)).toEqual([n.jobId]);
    // The other tenant cannot see, change or delete it.
    expect(
      ((await get(`${BASE}/list`, otherToken)).json().data as TaskRow[]).some((r) => r.taskId === good.taskId),
    ).toBe(false);
    expect((await post(`${BASE}/status`, { taskId: good.taskId, status: 0 }, otherToken)).statusCode).toBe(404);
    expect((await post(`${BASE}/delete`, { taskId: good.taskId }, otherToken)).statusCode).toBe(404);
    expect((await post(`${BASE}/delete`, { taskId: good.taskId })).statusCode).toBe(200);
  });

  it('disables and enables a task; a disabled task is listed only without enabledOnly', async () => {
    const stationId = await station('Status');
    const j = await job(stationId, 'Status job');
    const on = (await task('Stays on', [j.jobId])).json().data as TaskRow;
    const off = (await task('Goes off', [j.jobId], { type: 'emergency' })).json().data as TaskRow;
    const disabled = await post(`${BASE}/status`, { taskId: off.taskId, status: 0 });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ taskId: off.taskId, status: 0 });
    expect((await loadTaskForRun(t.db, tenantId, off.taskId))?.status).toBe(0);

    expect(await listNames('?enabledOnly=true')).toContain('Stays on');
    expect(await listNames('?enabledOnly=true')).not.toContain('Goes off');
    expect(await listNames('?enabledOnly=false')).toEqual(expect.arrayContaining(['Stays on', 'Goes off']));
    expect(await listNames()).toEqual(expect.arrayContaining(['Stays on', 'Goes off']));

    const page = async (query: string) =>
      ((await get(`${BASE}/page?index=1&size=10&${query}`)).json().data.rows as TaskRow[]).map((r) => r.name);
    expect(await page('status=0')).toEqual(['Goes off']);
    expect(await page('keyword=stays')).toEqual(['Stays on']);
    expect(await page('type=emergency')).toEqual(['Goes off']);
    expect(await page('keyword=o&sortBy=status&sortOrder=ascend')).toEqual(['Goes off', 'Stays on']);
    expect(await page('keyword=o&sortBy=status&sortOrder=descend')).toEqual(['Stays on', 'Goes off']);
    const sorted = await page('sortBy=name&sortOrder=ascend');
    expect(sorted).toEqual([...sorted].sort((x, y) => x.localeCompare(y, 'en')));

    const enabled = await post(`${BASE}/status`, { taskId: off.taskId, status: 1 });
    expect(enabled.json().data.status).toBe(1);
    expect(await listNames('?enabledOnly=1')).toEqual(expect.arrayContaining(['Stays on', 'Goes off']));
    expect((await post(`${BASE}/status`, { taskId: on.taskId, status: 2 })).statusCode).toBe(422);

    // Every change is in the tenant's operation log, with its description and result.
    // (written after the answer: wait for the last one)
    const logged = async () =>
      (
        (await t.db.execute(
          sql`select route, description, result from operation_logs where tenant_id = ${tenantId} and route like '%/task-server/task/status' order by id`,
        )) as unknown as { rows: { route: string; description: string; result: string }[] }
      ).rows;
    await expect.poll(async () => (await logged()).map((r) => r.result)).toEqual(['success', 'success', 'failure']);
    expect((await logged())[0]?.description).toBe('Enable or disable a task; a disabled task is never dispatched');
  });

  it('keeps a task its schedule uses: the refusal names the schedule, and the task goes once the schedule is gone', async () => {
    const stationId = await station('Scheduled');
    const j = await job(stationId, 'Scheduled job');
    const used = (await task('Scheduled task', [j.jobId])).json().data as TaskRow;
    const schedule = await post('task-server/schedule/create', {
      taskId: used.taskId,
      priority: 5,
      method: 'repeat',
      times: null,
      timeOfDay: '08:30',
      weekdays: [1, 2, 3, 4, 5],
      startDay: 1,
      endDay: 31,
      startMonth: 1,
      endMonth: 12,
    });
    expect(schedule.statusCode).toBe(200);
    const scheduleId = schedule.json().data.scheduleId as number;

    const refused = await post(`${BASE}/delete`, { taskId: used.taskId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`schedule #${scheduleId}`);
    expect(await listNames()).toContain('Scheduled task');

    expect((await post('task-server/schedule/delete', { scheduleId })).statusCode).toBe(200);
    expect((await post(`${BASE}/delete`, { taskId: used.taskId })).statusCode).toBe(200);
    expect(await listNames()).not.toContain('Scheduled task');
  });
});
