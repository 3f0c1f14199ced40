import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPathNodes, type JobRow, type LngLat, type PathNode } from '@patrol/contracts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenantPair, makeUser } from '../../../test/factories.js';

const BASE = 'task-server/job';
const square = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
/** A station of about 2 km by 2 km. */
const AREA = square(114.05, 22.53, 114.07, 22.55);
const node = (lng: number, lat: number, guide = 'Go on', mode: 0 | 1 | 2 = 0, type: 0 | 1 = 0): PathNode => ({
  lng,
  lat,
  mode,
  type,
  guide,
});
/** West to east across the station's middle, 0.01° of longitude (about 1,028 m at 22.54° N). */
const STRAIGHT = [node(114.055, 22.54, 'Gate', 1), node(114.065, 22.54, 'Store', 2, 1)];
const FORM = {
  type: 'patrol',
  description: 'Night round',
  triggerName: 'At stations',
  triggerType: 'stationNodes',
  actionName: 'Announce',
  actionType: 'speak',
  rounds: 2,
  speakerData: 'Security patrol, please keep clear',
};

describe('jobs', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const grants = [
    'POST /api/robot-server/station/create',
    'POST /api/robot-server/station/delete',
    'POST /api/enclosure-server/fence/create',
    ...['GET page', 'POST create', 'POST update', 'POST delete', 'POST import', 'GET export'].map((r) =>
      r.replace(' ', ` /api/${BASE}/`),
    ),
    'POST /api/task-server/task/create',
    'POST /api/task-server/task/delete',
  ];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, grants);
    token = pair.token;
    const other = await makeUser(t, pair.otherTenantId, { roleCodes: ['tenantAdmin'], grants });
    otherToken = await login(t.app, other.account, other.password);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, who = token, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers: as(who, { lang }), payload: payload as object });
  const get = (path: string, who = token) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: as(who) });
  const station = async (name: string, who = token, area = AREA) =>
    (await post('robot-server/station/create', { name, area }, who)).json().data.stationId as number;
  const job = (stationId: number, name: string, nodes: PathNode[] = STRAIGHT, extra: Record<string, unknown> = {}) =>
    post(`${BASE}/create`, { ...FORM, name, stationId, nodes, ...extra });
  const listOf = async (stationId: number) =>
    (await get(`${BASE}/list?stationId=${stationId}`)).json().data as JobRow[];
  const errorsByPath = (body: { errors?: { path: string; message: string }[] }) =>
    Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

  it('requires every field of the job rule, each with its own message, and saves nothing', async () => {
    const stationId = await station('Rules');
    const empty = await post(`${BASE}/create`, { description: 'Only this' });
    expect(empty.statusCode).toBe(422);
    expect(errorsByPath(empty.json())).toEqual({
      name: 'Please enter the job name',
      type: 'Please choose the job type',
      stationId: 'Please choose the station',
      triggerName: 'Please enter the trigger name',
      triggerType: 'Please choose the trigger type',
      actionName: 'Please enter the action name',
      actionType: 'Please choose the action type',
      rounds: 'Please enter the patrol rounds',
      speakerData: 'Please enter the speaker data',
      nodes: 'Please draw the path nodes',
    });
    const blanks = await job(stationId, '  ', STRAIGHT, { triggerName: ' ', actionName: '', speakerData: ' ' });
    expect(errorsByPath(blanks.json())).toEqual({
      name: 'Please enter the job name',
      triggerName: 'Please enter the trigger name',
      actionName: 'Please enter the action name',
      speakerData: 'Please enter the speaker data',
    });
    const zh = await post(
      `${BASE}/create`,
      { ...FORM, name: 'x', stationId, nodes: STRAIGHT, rounds: 0 },
      token,
      'zh-CN',
    );
    expect(errorsByPath(zh.json())).toEqual({ rounds: '巡逻圈数须为 1 到 100 的整数' });
    expect(errorsByPath((await job(stationId, 'x', STRAIGHT, { rounds: 2.5 })).json())).toEqual({
      rounds: 'Patrol rounds are a whole number from 1 to 100',
    });
    expect(errorsByPath((await job(stationId, 'x', STRAIGHT, { type: 'dance', actionType: 'fly' })).json())).toEqual({
      type: 'Please choose the job type',
      actionType: 'Please choose the action type',
    });
    expect(errorsByPath((await job(stationId, 'x', [STRAIGHT[0]!])).json())).toEqual({
      nodes: 'A path needs at least 2 nodes',
    });
    const badNodes = await job(stationId, 'x', [
      { lng: 181, lat: 22.54, mode: 3, type: 0, guide: '' },
      { lng: 114.06, lat: -91, mode: 0, type: 2, guide: 'ok' },
    ] as unknown as PathNode[]);
    expect(errorsByPath(badNodes.json())).toEqual({
      'nodes.0.lng': 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90',
      'nodes.0.mode': 'Mode must be 0 (normal), 1 (start) or 2 (end)',
      'nodes.0.guide': 'Please enter the guide data',
      'nodes.1.lat': 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90',
      'nodes.1.type': 'Type must be 0 (normal) or 1 (station)',
    });
    expect(errorsByPath((await job(stationId, 'x'.repeat(51))).json())).toEqual({
      name: 'The job name is at most 50 characters',
    });
    expect(await listOf(stationId)).toEqual([]);
  });

  it('creates, lists, filters, sorts, changes and deletes jobs, with the path length in metres', async () => {
    const stationId = await station('Crud');
    const otherStation = await station('Crud other');
    const made = await job(stationId, 'North round');
    expect(made.statusCode).toBe(200);
    const row = made.json().data as JobRow;
    expect(row).toMatchObject({ ...FORM, name: 'North round', stationId, stationName: 'Crud', nodes: STRAIGHT });
    expect(row.lengthM).toBeGreaterThan(1020);
    expect(row.lengthM).toBeLessThan(1035);
    await job(stationId, 'Gate check', STRAIGHT, { type: 'inspection', description: 'Looks at the north gate' });
    await job(otherStation, 'South round');

    const page = async (query: string) =>
      ((await get(`${BASE}/page?index=1&size=10&${query}`)).json().data.rows as JobRow[]).map((j) => j.name);
    expect(await page(`stationId=${stationId}&sortBy=name&sortOrder=ascend`)).toEqual(['Gate check', 'North round']);
    expect(await page(`stationId=${stationId}&sortBy=name&sortOrder=descend`)).toEqual(['North round', 'Gate check']);
    expect(await page(`stationId=${stationId}&type=inspection`)).toEqual(['Gate check']);
    expect(await page('keyword=north gate')).toEqual(['Gate check']);
    expect(await page(`keyword=round&sortBy=name`)).toEqual(['North round', 'South round']);
    expect((await listOf(otherStation)).map((j) => j.name)).toEqual(['South round']);

    const path = [node(114.055, 22.535, 'Start', 1), node(114.055, 22.545), node(114.065, 22.545, 'End', 2, 1)];
    const changed = await post(`${BASE}/update`, { ...row, name: 'North loop', rounds: 3, nodes: path });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ jobId: row.jobId, name: 'North loop', rounds: 3, nodes: path });
    expect(changed.json().data.lengthM).toBeGreaterThan(2130);
    // A job no task uses moves to another station.
    const moved = await post(`${BASE}/update`, { ...changed.json().data, stationId: otherStation });
    expect(moved.json().data.stationName).toBe('Crud other');

    expect((await post(`${BASE}/delete`, { jobId: row.jobId })).statusCode).toBe(200);
    expect((await listOf(otherStation)).map((j) => j.name)).toEqual(['South round']);
    const again = await post(`${BASE}/delete`, { jobId: row.jobId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('The job does not exist');
    expect((await post(`${BASE}/update`, { ...row, jobId: row.jobId })).statusCode).toBe(404);
    // Another tenant's station is not found, and nothing is made there.
    const theirs = await station('Theirs', otherToken);
    const foreign = await job(theirs, 'Into theirs');
    expect(foreign.statusCode).toBe(404);
    expect(await listOf(theirs)).toEqual([]);
  });

  it('refuses a path that leaves the station or crosses one of its forbidden fences, naming the segment; a path around is saved', async () => {
    const stationId = await station('Fenced');
    const fence = async (name: string, kind: string, points: LngLat[]) =>
      expect(
        (
          await post('enclosure-server/fence/create', {
            name,
            kind,
            priority: kind === 'forbidden' ? 1 : 2,
            stationId,
            points,
          })
        ).statusCode,
      ).toBe(200);
    // A forbidden block in the middle of the straight path, a slow zone that does not forbid.
    await fence('Substation', 'forbidden', square(114.059, 22.538, 114.061, 22.542));
    await fence('Lawn', 'slow', square(114.056, 22.539, 114.057, 22.541));

    const through = [node(114.055, 22.54, 'Gate', 1), node(114.057, 22.54), node(114.063, 22.54, 'Store', 2)];
    const crossing = await job(stationId, 'Through', through);
    expect(crossing.statusCode).toBe(422);
    expect(crossing.json().message).toBe('Segment 2 of the path crosses the forbidden fence "Substation"');
    // The segment from node 1 to node 2 (0-based) is on `nodes.1`.
    expect(crossing.json().errors).toEqual([
      { path: 'nodes.1', message: 'Segment 2 of the path crosses the forbidden fence "Substation"' },
    ]);
    const zh = await post(`${BASE}/create`, { ...FORM, name: 'Through', stationId, nodes: through }, token, 'zh-CN');
    expect(zh.json().message).toBe('路径第 2 段穿过禁行围栏“Substation”');

    const leaving = [node(114.055, 22.54, 'Gate', 1), node(114.06, 22.545), node(114.06, 22.56, 'Outside', 2)];
    const left = await job(stationId, 'Leaving', leaving);
    expect(left.statusCode).toBe(422);
    expect(left.json().errors).toEqual([{ path: 'nodes.1', message: 'Segment 2 of the path leaves the station area' }]);
    expect(await listOf(stationId)).toEqual([]);

    // Around the block (and across the slow zone, which does not forbid): saved.
    const around = [
      node(114.055, 22.54, 'Gate', 1),
      node(114.058, 22.54),
      node(114.058, 22.544),
      node(114.062, 22.544),
      node(114.062, 22.54, 'Store', 2, 1),
    ];
    const saved = await job(stationId, 'Around', around);
    expect(saved.statusCode).toBe(200);
    // Editing it onto the block is refused the same way and keeps the saved path.
    const edited = await post(`${BASE}/update`, { ...saved.json().data, nodes: through });
    expect(edited.statusCode).toBe(422);
    expect((await listOf(stationId))[0]?.nodes).toEqual(around);
  });

  it('imports a path all or nothing, listing each bad row, and takes its own export back', async () => {
    const stationId = await station('Imports');
    await post('enclosure-server/fence/create', {
      name: 'Pond',
      kind: 'forbidden',
      priority: 1,
      stationId,
      points: square(114.059, 22.546, 114.061, 22.548),
    });
    const made = (await job(stationId, 'Imported')).json().data as JobRow;
    const csv = [
      'lng,lat,mode,type,guide',
      '114.055,22.54,1,0,"Gate, north side"',
      '114.056,95,0,0,Too far north',
      '114.057,22.54,4,0,Bad mode',
      '114.058,22.54,0,1,',
      '114.058,22.545,2,1,"Say ""hello"""',
    ].join('\n');
    const refused = await post(`${BASE}/import`, { jobId: made.jobId, text: csv });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Import failed: 3 problems, no node was imported');
    // Row n (1-based, after the header) is node n - 1.
    expect(refused.json().errors).toEqual([
      { path: 'nodes.1', message: 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90' },
      { path: 'nodes.2', message: 'Mode must be 0 (normal), 1 (start) or 2 (end)' },
      { path: 'nodes.3', message: 'Please enter the guide data' },
    ]);
    expect((await listOf(stationId))[0]?.nodes).toEqual(STRAIGHT);
    const header = await post(`${BASE}/import`, { jobId: made.jobId, text: 'x,y\n1,2' });
    expect(header.json().errors).toEqual([
      { path: 'text', message: 'The first CSV line must be lng,lat,mode,type,guide' },
    ]);
    const json = await post(`${BASE}/import`, { jobId: made.jobId, text: '[{"lng": 1' });
    expect(json.json().errors).toEqual([{ path: 'text', message: 'The file is not valid JSON' }]);
    // Rows that parse but cross the forbidden fence: refused as on save.
    const crossing = formatPathNodes([node(114.055, 22.547, 'A', 1), node(114.065, 22.547, 'B', 2)], 'csv');
    const crossed = await post(`${BASE}/import`, { jobId: made.jobId, text: crossing });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().message).toBe('Segment 1 of the path crosses the forbidden fence "Pond"');
    expect((await listOf(stationId))[0]?.nodes).toEqual(STRAIGHT);

    const good = csv
      .split('\n')
      .filter((_, i) => i === 0 || i === 1 || i === 5)
      .join('\n');
    const imported = await post(`${BASE}/import`, { jobId: made.jobId, text: good });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toEqual({ imported: 2, problems: [] });
    const path = [node(114.055, 22.54, 'Gate, north side', 1), node(114.058, 22.545, 'Say "hello"', 2, 1)];
    expect((await listOf(stationId))[0]?.nodes).toEqual(path);

    // Export, then import into another job, in both formats: the same nodes come back.
    const exported = await get(`${BASE}/export?jobId=${made.jobId}`);
    expect(exported.json().data).toEqual(path);
    const second = (await job(stationId, 'Copy')).json().data as JobRow;
    for (const format of ['csv', 'json'] as const) {
      await post(`${BASE}/import`, { jobId: second.jobId, text: formatPathNodes(STRAIGHT, format) });
      const back = await post(`${BASE}/import`, { jobId: second.jobId, text: formatPathNodes(path, format) });
      expect(back.statusCode).toBe(200);
      expect((await get(`${BASE}/export?jobId=${second.jobId}`)).json().data).toEqual(path);
    }
    expect((await get(`${BASE}/export?jobId=${made.jobId}`, otherToken)).statusCode).toBe(404);
  });

  it('keeps a job a task uses, and a station with jobs', async () => {
    const stationId = await station('Used');
    const elsewhere = await station('Used elsewhere');
    const made = (await job(stationId, 'Used job')).json().data as JobRow;
    const task = await post('task-server/task/create', { name: 'Morning', type: 'routine', jobIds: [made.jobId] });
    expect(task.statusCode).toBe(200);
    await post('task-server/task/create', { name: 'Evening', type: 'routine', jobIds: [made.jobId, made.jobId] });

    const refused = await post(`${BASE}/delete`, { jobId: made.jobId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The job is used by tasks: Evening, Morning');
    // Its task's jobs are all of one station: the job stays in its own.
    const move = await post(`${BASE}/update`, { ...made, stationId: elsewhere });
    expect(move.statusCode).toBe(409);
    expect((await listOf(stationId)).map((j) => j.name)).toEqual(['Used job']);

    const stationRefused = await post('robot-server/station/delete', { stationId });
    expect(stationRefused.statusCode).toBe(409);
    expect(stationRefused.json().message).toBe('The station is in use and cannot be deleted: Used job');
    expect(stationRefused.json().errors).toEqual([{ path: 'jobs', message: 'jobs Used job' }]);

    const taskIds = ((await get('task-server/task/list')).json().data as { taskId: number; name: string }[])
      .filter((t) => t.name === 'Morning' || t.name === 'Evening')
      .map((t) => t.taskId);
    for (const taskId of taskIds) expect((await post('task-server/task/delete', { taskId })).statusCode).toBe(200);
    expect((await post(`${BASE}/delete`, { jobId: made.jobId })).statusCode).toBe(200);
    expect((await post('robot-server/station/delete', { stationId })).statusCode).toBe(200);
  });
});
