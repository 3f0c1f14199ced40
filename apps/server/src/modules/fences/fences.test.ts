import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FENCE_IMPORT_MAX, FENCE_IMPORT_MAX_CHARS, type FenceRow, type LngLat } from '@patrol/contracts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair, makeUser, login } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';

const BASE = 'enclosure-server/fence';
const square = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const AREA = square(114.05, 22.53, 114.07, 22.55);
const feature = (name: string, points: unknown[], properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { name, kind: 'forbidden', priority: 1, ...properties },
  geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] },
});

describe('electronic fences', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const grants = [
    'POST /api/robot-server/robot/create',
    'POST /api/robot-server/station/create',
    'POST /api/robot-server/robot/station',
    ...['GET page', 'POST create', 'POST update', 'POST delete', 'POST sort', 'POST import', 'GET export'].map((r) =>
      r.replace(' ', ` /api/${BASE}/`),
    ),
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
  const station = async (name: string, who = token) =>
    (await post('robot-server/station/create', { name, area: AREA }, who)).json().data.stationId as number;
  const fence = (stationId: number, name: string, points: LngLat[], extra: Record<string, unknown> = {}) =>
    post(`${BASE}/create`, { name, kind: 'forbidden', priority: 5, stationId, points, ...extra });
  const names = async (stationId: number) =>
    ((await get(`${BASE}/list?stationId=${stationId}`)).json().data as FenceRow[]).map((f) => f.name);

  it('checks the fields and refuses a self-crossing area or one of fewer than 3 nodes', async () => {
    const stationId = await station('Checks');
    const bowTie: LngLat[] = [
      [114.055, 22.535],
      [114.056, 22.536],
      [114.056, 22.535],
      [114.055, 22.536],
    ];
    const crossed = await fence(stationId, 'Bow tie', bowTie);
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors).toEqual([{ path: 'points', message: "The area's edges must not cross each other" }]);
    const two = await fence(stationId, 'Two', bowTie.slice(0, 2));
    expect(two.json().errors).toEqual([{ path: 'points', message: 'An area needs at least 3 distinct nodes' }]);
    const fields = await post(
      `${BASE}/create`,
      { name: '', kind: 'wall', priority: 0, stationId, points: AREA },
      token,
      'zh-CN',
    );
    expect(fields.statusCode).toBe(422);
    const byPath = Object.fromEntries(
      fields.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(byPath).toMatchObject({
      name: '请输入围栏名称',
      kind: '请选择围栏类型',
      priority: '优先级须为 1 到 999 的整数',
    });
    expect(await names(stationId)).toEqual([]);
  });

  it('refuses a same-priority overlap naming the other fence; another priority or a shared edge is fine', async () => {
    const stationId = await station('Overlaps');
    const first = await fence(stationId, 'Server room', square(114.055, 22.535, 114.056, 22.536));
    expect(first.statusCode).toBe(200);
    const clash = await fence(stationId, 'Lab', square(114.0555, 22.5355, 114.0565, 22.5365));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('It overlaps the fence "Server room" of the same priority');
    expect(clash.json().errors).toEqual([
      { path: 'points', message: 'It overlaps the fence "Server room" of the same priority' },
    ]);
    const zh = await post(
      `${BASE}/create`,
      { name: 'Lab', kind: 'slow', priority: 5, stationId, points: square(114.0555, 22.5355, 114.0565, 22.5365) },
      token,
      'zh-CN',
    );
    expect(zh.json().message).toBe('与同优先级的围栏“Server room”重叠');

    const higher = await fence(stationId, 'Lab', square(114.0555, 22.5355, 114.0565, 22.5365), { priority: 6 });
    expect(higher.statusCode).toBe(200);
    const neighbour = await fence(stationId, 'Corridor', square(114.056, 22.535, 114.057, 22.536));
    expect(neighbour.statusCode).toBe(200);
    // Another station's fences do not count.
    const elsewhere = await station('Elsewhere');
    expect((await fence(elsewhere, 'Copy', square(114.055, 22.535, 114.056, 22.536))).statusCode).toBe(200);

    // Moving the corridor onto the server room is refused too, and the corridor keeps its shape.
    const corridor = neighbour.json().data as FenceRow;
    const moved = await post(`${BASE}/update`, { ...corridor, points: square(114.0558, 22.535, 114.057, 22.536) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('Server room');
    const list = (await get(`${BASE}/list?stationId=${stationId}`)).json().data as FenceRow[];
    expect(list.find((f) => f.name === 'Corridor')?.points).toEqual(corridor.points);
    // A fence does not overlap itself.
    const same = await post(`${BASE}/update`, { ...corridor, description: 'East corridor' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.description).toBe('East corridor');
  });

  it('lets one of two overlapping fences saved at the same moment in, and names it to the other', async () => {
    const stationId = await station('Races');
    const [a, b] = await Promise.all([
      fence(stationId, 'Left', square(114.055, 22.535, 114.056, 22.536)),
      fence(stationId, 'Right', square(114.0555, 22.535, 114.0565, 22.536)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json().message).toContain(`"${won.json().data.name}"`);
    expect(await names(stationId)).toEqual([won.json().data.name]);
  });

  it('puts a new fence on top and moves layers to the top, up, down and to the bottom', async () => {
    const stationId = await station('Layers');
    const ids: Record<string, number> = {};
    for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) {
      const made = await fence(stationId, name, square(114.05 + i * 0.001, 22.535, 114.0505 + i * 0.001, 22.5355));
      ids[name] = made.json().data.fenceId;
    }
    expect(await names(stationId)).toEqual(['D', 'C', 'B', 'A']);
    const sort = async (name: string, move: string) => {
      const res = await post(`${BASE}/sort`, { fenceId: ids[name], move });
      expect(res.statusCode).toBe(200);
      return (res.json().data as FenceRow[]).map((f) => `${f.name}${f.layerOrder}`);
    };
    expect(await sort('A', 'top')).toEqual(['A1', 'D2', 'C3', 'B4']);
    expect(await sort('B', 'up')).toEqual(['A1', 'D2', 'B3', 'C4']);
    expect(await sort('A', 'down')).toEqual(['D1', 'A2', 'B3', 'C4']);
    expect(await sort('D', 'bottom')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(await sort('A', 'up')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(await sort('D', 'down')).toEqual(['A1', 'B2', 'C3', 'D4']);
    const page = (await get(`${BASE}/page?stationId=${stationId}`)).json().data;
    expect(page.rows.map((f: FenceRow) => f.name)).toEqual(['A', 'B', 'C', 'D']);
    expect((await post(`${BASE}/delete`, { fenceId: ids.B })).statusCode).toBe(200);
    const after = (await get(`${BASE}/list?stationId=${stationId}`)).json().data as FenceRow[];
    expect(after.map((f) => `${f.name}${f.layerOrder}`)).toEqual(['A1', 'C2', 'D3']);
  });

  it('imports all features or none, listing each problem, and takes its own export back', async () => {
    const stationId = await station('Imports');
    await fence(stationId, 'Existing', square(114.06, 22.54, 114.061, 22.541), { priority: 2 });
    const bad = {
      type: 'FeatureCollection',
      features: [
        feature('Good', square(114.05, 22.53, 114.051, 22.531)),
        feature('Two nodes', [
          [114.052, 22.53],
          [114.053, 22.531],
        ]),
        feature('Over existing', square(114.0605, 22.5405, 114.0615, 22.5415), { priority: 2 }),
        feature('Off the globe', square(114.05, 95, 114.051, 96)),
      ],
    };
    const refused = await post(`${BASE}/import`, { stationId, text: JSON.stringify(bad) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Import failed: 2 fences have errors, none was imported');
    // Each feature that does not parse is listed; the overlap rule waits until every one does.
    expect(refused.json().errors).toEqual([
      { path: 'features.1', message: 'An area needs at least 3 distinct nodes' },
      { path: 'features.3', message: 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90' },
    ]);
    expect(await names(stationId)).toEqual(['Existing']);

    // Overlap is checked once every feature parses: against the station's fences and the file's others.
    const overlapping = {
      type: 'FeatureCollection',
      features: [
        feature('Good', square(114.05, 22.53, 114.051, 22.531)),
        feature('Over existing', square(114.0605, 22.5405, 114.0615, 22.5415), { priority: 2 }),
        feature('Over good', square(114.0505, 22.5305, 114.0515, 22.5315)),
      ],
    };
    const second = await post(`${BASE}/import`, { stationId, text: JSON.stringify(overlapping) });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual([
      { path: 'features.1', message: 'It overlaps the fence "Existing" of the same priority' },
      { path: 'features.2', message: 'It overlaps the fence "Good" of the same priority' },
    ]);
    expect((await post(`${BASE}/import`, { stationId, text: '{not json' })).json().errors).toEqual([
      { path: 'text', message: 'The collected data is not valid JSON' },
    ]);
    expect(await names(stationId)).toEqual(['Existing']);

    const good = {
      type: 'FeatureCollection',
      features: [
        feature('Gate', square(114.05, 22.53, 114.051, 22.531), { kind: 'slow', description: 'Slow past the gate' }),
        feature('Yard', square(114.051, 22.53, 114.052, 22.531), { kind: 'patrol', priority: 9, collected: true }),
      ],
    };
    const imported = await post(`${BASE}/import`, { stationId, text: JSON.stringify(good) });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toEqual({ imported: 2, problems: [] });
    expect(await names(stationId)).toEqual(['Gate', 'Yard', 'Existing']);

    const exported = (await get(`${BASE}/export?stationId=${stationId}`)).json().data;
    expect(exported.type).toBe('FeatureCollection');
    expect(exported.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      'Gate',
      'Yard',
      'Existing',
    ]);
    const copy = await station('Imports copy');
    expect((await post(`${BASE}/import`, { stationId: copy, text: JSON.stringify(exported) })).statusCode).toBe(200);
    const strip = (rows: FenceRow[]) =>
      rows.map(({ name, kind, priority, description, collected, points, layerOrder }) => ({
        name,
        kind,
        priority,
        description,
        collected,
        points,
        layerOrder,
      }));
    const original = (await get(`${BASE}/list?stationId=${stationId}`)).json().data;
    const copied = (await get(`${BASE}/list?stationId=${copy}`)).json().data;
    expect(strip(copied)).toEqual(strip(original));
  });

  it('imports the largest file the contract allows, and its largest number of fences, at once', async () => {
    const stationId = await station('Large import');
    // FENCE_IMPORT_MAX features, each a 32-node ring, on a grid; descriptions fill the file near its limit.
    const ring = (cx: number, cy: number) =>
      Array.from({ length: 32 }, (_, k) => {
        const a = (k / 32) * 2 * Math.PI;
        return [Number((cx + 0.0003 * Math.cos(a)).toFixed(7)), Number((cy + 0.0003 * Math.sin(a)).toFixed(7))];
      });
    const features = Array.from({ length: FENCE_IMPORT_MAX }, (_, i) =>
      feature(`Bay ${i + 1}`, ring(114.0 + (i % 25) * 0.001, 22.5 + Math.floor(i / 25) * 0.001), {
        description: 'x'.repeat(500),
      }),
    );
    const text = JSON.stringify({ type: 'FeatureCollection', features });
    expect(text.length).toBeLessThanOrEqual(FENCE_IMPORT_MAX_CHARS);
    expect(text.length).toBeGreaterThan(FENCE_IMPORT_MAX_CHARS * 0.85);
    const started = Date.now();
    const res = await post(`${BASE}/import`, { stationId, text });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.imported).toBe(FENCE_IMPORT_MAX);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await get(`${BASE}/page?stationId=${stationId}`)).json().data.total).toBe(FENCE_IMPORT_MAX);
    // A robot of the station gets them all on its config topic.
    const robot = await registerRobot(t, token);
    await post('robot-server/robot/station', { robotIds: [robot.robotId], stationId });
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      await until(() => sim.config?.fences?.length === FENCE_IMPORT_MAX, 10_000, 'every fence on the robot');
      expect(sim.config?.fences?.[0]?.name).toBe('Bay 1');
    } finally {
      await sim.disconnect();
    }
    const tooLong = await post(`${BASE}/import`, {
      stationId,
      text: ' '.repeat(10) + 'x'.repeat(FENCE_IMPORT_MAX_CHARS + 1),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([{ path: 'text', message: 'The import file is too large' }]);
  });

  it("pushes a station's fences to its robots, top layer first, and again when a robot reconnects", async () => {
    const stationId = await station('Pushed');
    const robot = await registerRobot(t, token);
    await post('robot-server/robot/station', { robotIds: [robot.robotId], stationId });
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      await until(() => sim.config?.station?.stationId === stationId, 5000, 'the station');
      expect(sim.config?.fences).toEqual([]);
      const made = (
        await fence(stationId, 'Pond', square(114.058, 22.543, 114.0585, 22.5435), { kind: 'forbidden' })
      ).json().data as FenceRow;
      await until(() => sim.config?.fences?.length === 1, 5000, 'the new fence');
      expect(sim.config?.fences).toEqual([
        { fenceId: made.fenceId, name: 'Pond', kind: 'forbidden', priority: 5, points: made.points },
      ]);
      await fence(stationId, 'Lawn', square(114.0585, 22.543, 114.059, 22.5435), { kind: 'slow' });
      await until(() => sim.config?.fences?.length === 2, 5000, 'the second fence');
      expect(sim.config?.fences?.map((f) => f.name)).toEqual(['Lawn', 'Pond']);
      await post(`${BASE}/sort`, { fenceId: made.fenceId, move: 'top' });
      await until(() => sim.config?.fences?.[0]?.name === 'Pond', 5000, 'the new order');
    } finally {
      await sim.disconnect();
    }
    // A robot that was away gets its fences when it connects.
    await post(`${BASE}/delete`, {
      fenceId: ((await get(`${BASE}/list?stationId=${stationId}`)).json().data as FenceRow[])[1]!.fenceId,
    });
    const again = simRobot(t, robot);
    await again.connect();
    try {
      await until(() => again.config?.fences?.length === 1, 5000, 'the fences on reconnect');
      expect(again.config?.fences?.[0]?.name).toBe('Pond');
    } finally {
      await again.disconnect();
    }
  });

  it("refuses another tenant's station and fences on every route and changes nothing", async () => {
    const theirs = await station('Theirs', otherToken);
    const theirFence = (
      await post(
        `${BASE}/create`,
        {
          name: 'Their fence',
          kind: 'forbidden',
          priority: 1,
          stationId: theirs,
          points: square(114.05, 22.53, 114.051, 22.531),
        },
        otherToken,
      )
    ).json().data as FenceRow;
    const mine = await station('Mine');
    const points = square(114.06, 22.53, 114.061, 22.531);
    const body = { name: 'X', kind: 'forbidden', priority: 1, points };
    const text = JSON.stringify({ type: 'FeatureCollection', features: [feature('X', points)] });
    for (const [path, payload] of [
      [`${BASE}/create`, { ...body, stationId: theirs }],
      [`${BASE}/update`, { ...body, fenceId: theirFence.fenceId, stationId: mine }],
      [`${BASE}/update`, { ...body, fenceId: theirFence.fenceId, stationId: theirs }],
      [`${BASE}/delete`, { fenceId: theirFence.fenceId }],
      [`${BASE}/sort`, { fenceId: theirFence.fenceId, move: 'top' }],
      [`${BASE}/import`, { stationId: theirs, text }],
    ] as const) {
      expect((await post(path, payload)).statusCode, path).toBe(404);
    }
    // A fence of mine cannot be moved into their station.
    const own = (await fence(mine, 'Own', points)).json().data as FenceRow;
    expect((await post(`${BASE}/update`, { ...own, stationId: theirs })).statusCode).toBe(404);
    for (const path of [`${BASE}/list?stationId=${theirs}`, `${BASE}/export?stationId=${theirs}`]) {
      const res = await get(path);
      expect(res.body).not.toContain('Their fence');
    }
    expect((await get(`${BASE}/page?stationId=${theirs}`)).json().data.total).toBe(0);
    const still = (await get(`${BASE}/list`, otherToken)).json().data as FenceRow[];
    expect(still).toEqual([expect.objectContaining({ name: 'Their fence', points: theirFence.points, layerOrder: 1 })]);
  });
});
