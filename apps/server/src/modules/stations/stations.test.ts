import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LngLat } from '@patrol/contracts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenantPair, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';

const square = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const AREA = square(114.057, 22.542, 114.059, 22.544);

describe('stations', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const grants = [
      'POST /api/robot-server/robot/create',
      'GET /api/robot-server/robot/page',
      'GET /api/robot-server/station/page',
      'POST /api/robot-server/station/create',
      'POST /api/robot-server/station/update',
      'POST /api/robot-server/station/delete',
      'POST /api/robot-server/robot/station',
      'POST /api/enclosure-server/fence/create',
    ];
    const pair = await makeTenantPair(t, grants);
    token = pair.token;
    const other = await makeUser(t, pair.otherTenantId, { roleCodes: ['tenantAdmin'], grants });
    otherToken = await login(t.app, other.account, other.password);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, as_ = token, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers: as(as_, { lang }), payload: payload as object });
  const get = (path: string, as_ = token) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: as(as_) });

  it('creates, lists, renames and deletes a station; names are unique in a tenant only', async () => {
    const made = await post('robot-server/station/create', { name: 'North campus', area: AREA });
    expect(made.statusCode).toBe(200);
    const station = made.json().data;
    expect(station).toMatchObject({ name: 'North campus', area: AREA, robotCount: 0, fenceCount: 0 });

    const again = await post('robot-server/station/create', { name: 'North campus', area: AREA });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: 'name', message: 'A station with this name exists' }]);
    // Another tenant may use the same name.
    expect(
      (await post('robot-server/station/create', { name: 'North campus', area: AREA }, otherToken)).statusCode,
    ).toBe(200);

    const bowTie: LngLat[] = [
      [114.057, 22.542],
      [114.059, 22.544],
      [114.059, 22.542],
      [114.057, 22.544],
    ];
    const bad = await post('robot-server/station/create', { name: 'Bow tie', area: bowTie });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ path: 'area', message: "The area's edges must not cross each other" }]);

    const renamed = await post('robot-server/station/update', {
      stationId: station.stationId,
      name: 'North gate',
      area: AREA,
    });
    expect(renamed.json().data.name).toBe('North gate');
    const page = await get('robot-server/station/page?keyword=north');
    expect(page.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['North gate']);
    const list = await get('robot-server/station/list');
    expect(list.json().data.map((r: { name: string }) => r.name)).toContain('North gate');

    expect((await post('robot-server/station/delete', { stationId: station.stationId })).statusCode).toBe(200);
    expect((await get('robot-server/station/page')).json().data.total).toBe(0);
  });

  it('refuses to delete a station while robots or fences belong to it, naming them', async () => {
    const station = (await post('robot-server/station/create', { name: 'Depot', area: AREA })).json().data;
    const robot = await registerRobot(t, token);
    expect(
      (await post('robot-server/robot/station', { robotIds: [robot.robotId], stationId: station.stationId }))
        .statusCode,
    ).toBe(200);
    const fence = await post('enclosure-server/fence/create', {
      name: 'Loading dock',
      kind: 'forbidden',
      priority: 1,
      stationId: station.stationId,
      points: square(114.0575, 22.5425, 114.058, 22.543),
    });
    expect(fence.statusCode).toBe(200);

    const refused = await post('robot-server/station/delete', { stationId: station.stationId });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.message).toContain(`Robot ${robot.serial}`);
    expect(body.message).toContain('Loading dock');
    expect(body.errors).toEqual([
      { path: 'robots', message: `robots Robot ${robot.serial}` },
      { path: 'fences', message: 'fences Loading dock' },
    ]);
    const zh = await post('robot-server/station/delete', { stationId: station.stationId }, token, 'zh-CN');
    expect(zh.json().message).toBe(`站点仍在使用，不能删除：Robot ${robot.serial}, Loading dock`);

    const counted = (await get('robot-server/station/page?keyword=Depot')).json().data.rows[0];
    expect(counted).toMatchObject({ robotCount: 1, fenceCount: 1 });
  });

  it("assigns robots to a station, shows it on the robot list, filters by it, and pushes the station's fences", async () => {
    const station = (await post('robot-server/station/create', { name: 'Harbour', area: AREA })).json().data;
    await post('enclosure-server/fence/create', {
      name: 'Quay edge',
      kind: 'forbidden',
      priority: 3,
      stationId: station.stationId,
      points: square(114.058, 22.543, 114.0585, 22.5435),
    });
    const robot = await registerRobot(t, token);
    const bystander = await registerRobot(t, token);
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      await until(() => sim.config, 5000, 'the first config');
      expect(sim.config?.station ?? null).toBeNull();
      const done = await post('robot-server/robot/station', {
        robotIds: [robot.robotId],
        stationId: station.stationId,
      });
      expect(done.statusCode).toBe(200);
      const config = await until(() => (sim.config?.station ? sim.config : null), 5000, 'the station config');
      expect(config.station).toEqual({ stationId: station.stationId, name: 'Harbour', area: AREA });
      expect(config.fences?.map((f) => f.name)).toEqual(['Quay edge']);

      const page = (await get(`robot-server/robot/page?stationId=${station.stationId}`)).json().data;
      expect(page.rows).toEqual([
        expect.objectContaining({ robotId: robot.robotId, stationId: station.stationId, stationName: 'Harbour' }),
      ]);
      const all = (await get('robot-server/robot/page?size=100')).json().data.rows;
      expect(all.find((r: { robotId: number }) => r.robotId === bystander.robotId)).toMatchObject({
        stationId: null,
        stationName: null,
      });

      // Taken out again: the robot is told it has no station and no fences.
      await post('robot-server/robot/station', { robotIds: [robot.robotId], stationId: null });
      await until(() => sim.config?.station === null, 5000, 'the station removed');
      expect(sim.config?.fences).toEqual([]);
    } finally {
      await sim.disconnect();
    }
  });

  it("refuses another tenant's robot or station and changes nothing", async () => {
    const mine = (await post('robot-server/station/create', { name: 'Mine', area: AREA })).json().data;
    const theirs = (await post('robot-server/station/create', { name: 'Theirs', area: AREA }, otherToken)).json().data;
    const myRobot = await registerRobot(t, token);
    const theirRobot = await registerRobot(t, otherToken);

    const withTheirRobot = await post('robot-server/robot/station', {
      robotIds: [myRobot.robotId, theirRobot.robotId],
      stationId: mine.stationId,
    });
    expect(withTheirRobot.statusCode).toBe(404);
    const toTheirStation = await post('robot-server/robot/station', {
      robotIds: [myRobot.robotId],
      stationId: theirs.stationId,
    });
    expect(toTheirStation.statusCode).toBe(404);
    const rows = (await get('robot-server/robot/page?size=100')).json().data.rows;
    expect(rows.find((r: { robotId: number }) => r.robotId === myRobot.robotId).stationId).toBeNull();
    const theirRows = (await get('robot-server/robot/page?size=100', otherToken)).json().data.rows;
    expect(theirRows.find((r: { robotId: number }) => r.robotId === theirRobot.robotId).stationId).toBeNull();

    for (const [path, payload] of [
      ['robot-server/station/update', { stationId: theirs.stationId, name: 'Taken', area: AREA }],
      ['robot-server/station/delete', { stationId: theirs.stationId }],
    ] as const) {
      expect((await post(path, payload)).statusCode).toBe(404);
    }
    const still = (await get('robot-server/station/page?keyword=Theirs', otherToken)).json().data.rows;
    expect(still).toEqual([expect.objectContaining({ stationId: theirs.stationId, name: 'Theirs' })]);
  });
});
