import {
  HEADERS,
  translate,
  type DashboardAbnormal,
  type DashboardMine,
  type DashboardOverview,
  type DashboardTrends,
  type Page,
  type RobotRow,
  type RunDetail,
  type RunRow,
  type WorkOrderDetail,
} from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { makeStationTask, nodeNear } from '../../../test/runs.js';
import { replaceAssignments } from '../user-robots/user-robots.repository.js';
import { insertRobotDays, robotHoursOf, rollupCountedTo } from './dashboards.repository.js';
import { createRobotHoursRollup } from './dashboards.rollup.js';
import { dayIn, daysSpan } from './dashboards.service.js';

const BASE = '/api/dashboard-server/dashboards';
const REPAIR = '/api/robot-server/repair';
const RUN = '/api/task-server/run';
const GRANTS = [
  `GET ${BASE}/overview`,
  `GET ${BASE}/trends`,
  `GET ${BASE}/abnormal`,
  'POST /api/robot-server/robot/create',
  'GET /api/robot-server/robot/page',
  `POST ${REPAIR}/create`,
  `POST ${REPAIR}/push`,
  `POST ${RUN}/start`,
  `GET ${RUN}/detail`,
];
const ZONE = 'Asia/Shanghai';
const HOUR_MS = 3_600_000;

type Tenant = { tenantId: number; admin: MadeUser; token: string };

describe('dashboards', () => {
  let t: TestApp;
  const sims: SimRobot[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.disconnect({ silent: true }).catch(() => undefined)));
    await t.close();
  });

  async function tenant(timeZone = ZONE): Promise<Tenant> {
    const tenantId = (await makeTenant(t, { timeZone })).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    return { tenantId, admin, token: await login(t.app, admin.account, admin.password) };
  }
  const get = (path: string, token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: as(token, headers), query });
  const dataOf = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  async function connected(token: string, options: Parameters<typeof simRobot>[2] = {}) {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot, options);
    sims.push(sim);
    await sim.connect();
    return { robot, sim };
  }

  describe('alarms by the tenant’s days, hours and places', () => {
    let a: Tenant;
    let r1: RegisteredRobot;
    let r2: RegisteredRobot;
    let other: RegisteredRobot;
    const P1 = { lat: 22.54312, lng: 114.05791 };
    const P2 = { lat: 22.5475, lng: 114.0612 };

    beforeAll(async () => {
      a = await tenant();
      const b = await tenant();
      const one = await connected(a.token, { mode: 'idle' });
      const two = await connected(a.token, { mode: 'idle' });
      const theirs = await connected(b.token, { mode: 'idle' });
      [r1, r2, other] = [one.robot, two.robot, theirs.robot];
      // Tuesday 2026-03-10 23:30 in Shanghai (15:30 UTC), and 00:10 the next day there (still the 10th in UTC).
      one.sim.raiseAlarm('sentiment', { ts: Date.parse('2026-03-10T15:30:00Z'), position: P1 });
      one.sim.raiseAlarm('gun', { ts: Date.parse('2026-03-10T16:10:00Z'), position: P1 });
      two.sim.raiseAlarm('sentiment', { ts: Date.parse('2026-03-11T02:00:00Z'), position: P2 });
      // Another tenant's alarm on the same day and place is never counted.
      theirs.sim.raiseAlarm('sentiment', { ts: Date.parse('2026-03-10T15:30:00Z'), position: P1 });
      await until(
        async () =>
          dataOf<DashboardAbnormal>(await get('abnormal', a.token, { from: '2026-03-01', to: '2026-03-31' })).total ===
            3 &&
          dataOf<DashboardAbnormal>(await get('abnormal', b.token, { from: '2026-03-01', to: '2026-03-31' })).total ===
            1,
        10_000,
        'the alarms stored',
      );
    });

    it('counts each alarm on the day of the tenant’s clock: 23:30 stays on its day, 00:10 is the next', async () => {
      const trends = dataOf<DashboardTrends>(await get('trends', a.token, { from: '2026-03-10', to: '2026-03-11' }));
      expect(trends.days).toEqual(['2026-03-10', '2026-03-11']);
      expect(trends.timeZone).toBe(ZONE);
      expect(trends.alarms).toEqual([
        { day: '2026-03-10', kind: 'sentiment', count: 1 },
        { day: '2026-03-11', kind: 'gun', count: 1 },
        { day: '2026-03-11', kind: 'sentiment', count: 1 },
      ]);
      const one = dataOf<DashboardTrends>(await get('trends', a.token, { from: '2026-03-10', to: '2026-03-10' }));
      expect(one.days).toEqual(['2026-03-10']);
      expect(one.alarms).toEqual([{ day: '2026-03-10', kind: 'sentiment', count: 1 }]);
      // The robots asked for, and another tenant's robot left out.
      const second = dataOf<DashboardTrends>(
        await get('trends', a.token, { from: '2026-03-10', to: '2026-03-11', robotIds: String(r2.robotId) }),
      );
      expect(second.alarms).toEqual([{ day: '2026-03-11', kind: 'sentiment', count: 1 }]);
      expect(second.uptime.map((u) => u.robotId)).toEqual([r2.robotId]);
      const theirs = dataOf<DashboardTrends>(
        await get('trends', a.token, { from: '2026-03-10', to: '2026-03-11', robotIds: String(other.robotId) }),
      );
      expect(theirs).toMatchObject({ alarms: [], runs: [], distance: [], uptime: [], workOrders: [] });
      const both = dataOf<DashboardTrends>(
        await get('trends', a.token, {
          from: '2026-03-10',
          to: '2026-03-11',
          robotIds: `${r1.robotId},${other.robotId}`,
        }),
      );
      expect(both.alarms).toEqual([
        { day: '2026-03-10', kind: 'sentiment', count: 1 },
        { day: '2026-03-11', kind: 'gun', count: 1 },
      ]);
      expect(both.uptime.map((u) => u.robotId)).toEqual([r1.robotId]);
    });

    it('draws the portrait: kinds, weekday (Monday 0) by hour of the tenant’s clock, place cells, robots', async () => {
      const portrait = dataOf<DashboardAbnormal>(
        await get('abnormal', a.token, { from: '2026-03-10', to: '2026-03-11' }),
      );
      expect(portrait.total).toBe(3);
      expect(portrait.byKind).toEqual([
        { kind: 'sentiment', count: 2 },
        { kind: 'gun', count: 1 },
      ]);
      expect(portrait.hours).toEqual([
        { weekday: 1, hour: 23, count: 1 },
        { weekday: 2, hour: 0, count: 1 },
        { weekday: 2, hour: 10, count: 1 },
      ]);
      expect(portrait.places.map((p) => p.count)).toEqual([2, 1]);
      const [busiest, quiet] = portrait.places;
      // Each cell's centre is within half a cell of its alarms.
      expect(Math.abs(busiest!.lat - P1.lat)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(busiest!.lng - P1.lng)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(quiet!.lat - P2.lat)).toBeLessThanOrEqual(0.0005);
      expect(portrait.byRobot).toEqual([
        { robotId: r1.robotId, robotName: `Robot ${r1.serial}`, count: 2 },
        { robotId: r2.robotId, robotName: `Robot ${r2.serial}`, count: 1 },
      ]);

      const guns = dataOf<DashboardAbnormal>(
        await get('abnormal', a.token, { from: '2026-03-10', to: '2026-03-11', kind: 'gun' }),
      );
      expect(guns).toMatchObject({ total: 1, byKind: [{ kind: 'gun', count: 1 }], hours: [{ weekday: 2, hour: 0 }] });
      const ofTwo = dataOf<DashboardAbnormal>(
        await get('abnormal', a.token, { from: '2026-03-10', to: '2026-03-11', robotId: String(r2.robotId) }),
      );
      expect(ofTwo.total).toBe(1);
      const theirs = dataOf<DashboardAbnormal>(
        await get('abnormal', a.token, { from: '2026-03-10', to: '2026-03-11', robotId: String(other.robotId) }),
      );
      expect(theirs).toMatchObject({ total: 0, places: [], hours: [], byKind: [], byRobot: [] });
    });

    it('refuses a bad range with 422 in the caller’s language', async () => {
      const errorsOf = async (query: Record<string, string>, lang = 'en-US') => {
        const res = await get('trends', a.token, query, { lang });
        expect(res.statusCode, res.body).toBe(422);
        return res.json().errors as { path: string; message: string }[];
      };
      expect(await errorsOf({ from: '2026-03-11', to: '2026-03-10' })).toEqual([
        { path: 'to', message: translate('en-US', 'dashboards.rangeOrder') },
      ]);
      expect(await errorsOf({ from: '2025-01-01', to: '2026-01-02' }, 'zh-CN')).toEqual([
        { path: 'to', message: '日期范围最长 366 天' },
      ]);
      expect(await errorsOf({ from: '2026-02-30', to: '2026-03-01' }, 'zh-TW')).toEqual([
        { path: 'from', message: translate('zh-TW', 'dashboards.dayInvalid') },
      ]);
      expect(await errorsOf({ to: '2026-03-01' })).toEqual([
        { path: 'from', message: translate('en-US', 'dashboards.dayRequired') },
      ]);
      expect((await errorsOf({ from: '2026-03-01', to: '2026-03-02', robotIds: '1,x' }))[0]!.path).toBe('robotIds');
      const abnormal = await get('abnormal', a.token, { from: '2026-03-02', to: '2026-03-01', kind: 'fire' });
      expect(abnormal.statusCode).toBe(422);
      // A year and a day (2024 is a leap year: 366 days) is the most.
      expect((await get('trends', a.token, { from: '2024-01-01', to: '2024-12-31' })).statusCode).toBe(200);
      expect((await get('abnormal', a.token, { from: '2024-01-01', to: '2024-12-31' })).statusCode).toBe(200);
    });

    it('answers the tenant’s last 30 days up to its own today when no range is asked (the browser’s clock may differ)', async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
      const trends = dataOf<DashboardTrends>(await get('trends', a.token));
      expect(trends).toMatchObject({ to: today, today, timeZone: ZONE });
      expect(trends.days).toHaveLength(30);
      expect(trends.days.at(-1)).toBe(today);
      expect(trends.from).toBe(trends.days[0]);
      const portrait = dataOf<DashboardAbnormal>(await get('abnormal', a.token, { kind: 'gun' }));
      expect(portrait).toMatchObject({ from: trends.from, to: today, today });
      // A range asked is answered as asked.
      expect(
        dataOf<DashboardTrends>(await get('trends', a.token, { from: '2026-03-10', to: '2026-03-11' })),
      ).toMatchObject({ from: '2026-03-10', to: '2026-03-11', today });
    });
  });

  it('shows the fleet now: robots, today’s runs and alarms, open work orders; the home lists of each user', async () => {
    const a = await tenant();
    const operator = await makeUser(t, a.tenantId, { menus: ['home'] });
    const operatorToken = await login(t.app, operator.account, operator.password);
    const { robot, sim } = await connected(a.token, { mode: 'idle', speed: 3, actionMs: 100 });
    const idle = await registerRobot(t, a.token);
    await replaceAssignments(t.db, a.tenantId, operator.id, [robot.robotId]);
    await until(
      async () => dataOf<DashboardOverview>(await get('overview', a.token)).robots.online === 1,
      8000,
      'online',
    );

    // A run that ends today.
    const { task } = await makeStationTask(t.db, a.tenantId, {
      nodes: [nodeNear(3, 0), nodeNear(6, 0, 1)],
      robotIds: [robot.robotId],
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `${RUN}/start`,
      headers: as(a.token),
      payload: { taskId: task.id, robotId: robot.robotId },
    });
    const run = dataOf<RunRow>(started);
    const going = dataOf<DashboardOverview>(await get('overview', a.token));
    expect(going.robots.onTask).toBe(1);
    expect(going.tasks.running + going.tasks.dueToday).toBe(1);
    await until(
      async () =>
        dataOf<RunDetail>(
          await t.app.inject({
            method: 'GET',
            url: `${RUN}/detail`,
            headers: as(a.token),
            query: { runId: String(run.runId) },
          }),
        ).status === 'finished',
      15_000,
      'the run finished',
    );

    // Two alarms now, one another tenant's.
    sim.raiseAlarm('sentiment');
    sim.raiseAlarm('gun');
    const b = await tenant();
    (await connected(b.token, { mode: 'idle' })).sim.raiseAlarm('sentiment');
    await until(
      async () => dataOf<DashboardOverview>(await get('overview', a.token)).alarms.openTotal === 2,
      8000,
      'alarms',
    );

    // Work orders: one overdue, pushed to the operator (the robot stopped for repair); one draft of the idle robot.
    const order = (robotId: number, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: `${REPAIR}/create`,
        headers: as(a.token),
        payload: {
          type: 'repair',
          robotId,
          equipmentStatus: 'normal',
          urgency: 'high',
          deadline: new Date(Date.now() + 86_400_000).toISOString(),
          description: 'The left drive motor stalls on every slope',
          ...extra,
        },
      });
    const overdue = dataOf<WorkOrderDetail>(
      await order(robot.robotId, {
        assigneeId: operator.id,
        equipmentStatus: 'stopped',
        deadline: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    dataOf(
      await t.app.inject({
        method: 'POST',
        url: `${REPAIR}/push`,
        headers: as(a.token),
        payload: { workOrderId: overdue.workOrderId },
      }),
    );
    const draft = dataOf<WorkOrderDetail>(await order(idle.robotId, {}));

    const overview = dataOf<DashboardOverview>(await get('overview', a.token));
    const robots = dataOf<Page<RobotRow>>(
      await t.app.inject({
        method: 'GET',
        url: '/api/robot-server/robot/page',
        headers: as(a.token),
        query: { index: '1' },
      }),
    );
    expect(overview.robots).toEqual({
      total: 2,
      online: 1,
      offline: 1,
      charging: 0,
      stoppedForRepair: robots.rows.filter((r) => r.stoppedForRepair).length,
      onTask: 0,
    });
    expect(overview.tasks).toMatchObject({ running: 0, doneToday: 1, failedToday: 0 });
    expect(overview.alarms.today).toEqual([
      { kind: 'gun', status: 'disposing', count: 1 },
      { kind: 'sentiment', status: 'disposing', count: 1 },
    ]);
    expect(overview.workOrders).toEqual({ open: 2, overdue: 1, byStatus: { draft: 1, pending: 1, processing: 0 } });
    expect(overview.today).toBe(dayIn(ZONE, new Date()));

    const today = overview.today;
    const trends = dataOf<DashboardTrends>(await get('trends', a.token, { from: today, to: today }));
    expect(trends.runs).toEqual([{ day: today, done: 1, failed: 0, skipped: 0 }]);
    expect(trends.workOrders).toEqual([{ day: today, opened: 2, closed: 0 }]);
    expect(trends.alarms.reduce((n, x) => n + x.count, 0)).toBe(2);
    expect(trends.uptime.map((u) => u.robotId).sort()).toEqual([robot.robotId, idle.robotId].sort());

    // Home: the operator sees the alarms of their robot and the order assigned to them.
    const mine = dataOf<DashboardMine>(await get('mine', operatorToken));
    expect(mine.alarms.total).toBe(2);
    expect(mine.alarms.rows.map((r) => r.kind).sort()).toEqual(['gun', 'sentiment']);
    expect(mine.alarms.rows[0]).toMatchObject({ robotId: robot.robotId, status: 'disposing' });
    expect(mine.workOrders).toEqual({
      total: 1,
      rows: [
        {
          workOrderId: overdue.workOrderId,
          number: overdue.number,
          status: 'pending',
          urgency: 'high',
          robotName: `Robot ${robot.serial}`,
          deadline: overdue.deadline,
          overdue: true,
        },
      ],
    });
    // The administrator created both and sees the fleet's alarms.
    const theirs = dataOf<DashboardMine>(await get('mine', a.token));
    expect(theirs.workOrders.rows.map((r) => r.workOrderId)).toEqual([overdue.workOrderId, draft.workOrderId]);
    expect(theirs.alarms.total).toBe(2);

    // Without the grants: the windows are refused, the home page answers.
    for (const path of ['overview', 'trends?from=2026-01-01&to=2026-01-02', 'abnormal?from=2026-01-01&to=2026-01-02']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: as(operatorToken) })).statusCode,
      ).toBe(403);
    }
    // Another tenant's figures are refused to a user who does not belong to it.
    expect((await get('overview', a.token, {}, { [HEADERS.tenant]: String(b.tenantId) })).statusCode).toBe(403);
    expect((await get('mine', a.token, {}, { [HEADERS.tenant]: String(b.tenantId) })).statusCode).toBe(403);
  });

  it('sums distance and time online from the robot’s stored telemetry into its hours in a pass', async () => {
    const a = await tenant();
    const { robot, sim } = await connected(a.token, { mode: 'patrolling', speed: 3, telemetryMs: 200 });
    const start = Date.now();
    await until(() => Date.now() - start > 3000, 6000, 'three seconds of patrol');
    await sim.disconnect({ silent: true });
    await t.app.trackRecorder.flush();
    // Passes without the lag count the points just stored (the app's own passes wait 30 s for them).
    const end = Date.now();
    const rollup = createRobotHoursRollup(t.db, t.app.log, { lagMs: 0 });
    while (((await rollupCountedTo(t.db)) ?? 0) < end) await rollup.pass();

    const hours = await robotHoursOf(t.db, a.tenantId, robot.robotId);
    const total = hours.reduce((sum, h) => ({ d: sum.d + h.distanceM, s: sum.s + h.onlineS, n: sum.n + h.samples }), {
      d: 0,
      s: 0,
      n: 0,
    });
    expect(total.n).toBeGreaterThanOrEqual(10);
    expect(total.s).toBeGreaterThanOrEqual(2);
    expect(total.s).toBeLessThanOrEqual(5);
    // Moving at about 3 m/s while online.
    expect(total.d).toBeGreaterThan(total.s * 3 * 0.5);
    expect(total.d).toBeLessThan((total.s + 1) * 3 * 1.5);

    const today = dayIn(ZONE, new Date());
    const asked = Date.now();
    const trends = dataOf<DashboardTrends>(await get('trends', a.token, { from: today, to: today }));
    const answered = Date.now();
    expect(trends.distance.reduce((n, d) => n + d.distanceM, 0)).toBeCloseTo(total.d, 0);
    expect(trends.uptime).toEqual([
      expect.objectContaining({ robotId: robot.robotId, onlineS: total.s, ratio: expect.any(Number) }),
    ]);
    // The ratio is its seconds online over the day's seconds so far, to four places (so it is 0 when
    // a few seconds are a tiny share of a long day).
    const dayStart = daysSpan(ZONE, today, today).start.getTime();
    const ratioAt = (ms: number) => Math.round((total.s / ((ms - dayStart) / 1000)) * 10_000) / 10_000;
    expect(trends.uptime[0]!.ratio).toBeGreaterThanOrEqual(ratioAt(answered));
    expect(trends.uptime[0]!.ratio).toBeLessThanOrEqual(ratioAt(asked));
  });

  it('answers a year from the days kept as rows arrive, each tenant its own', async () => {
    const a = await tenant();
    const b = await tenant();
    const robot = await registerRobot(t, a.token);
    // Days as the rollup and the alarms' store keep them (no hours or alarms behind these).
    await insertRobotDays(t.db, [
      { tenantId: a.tenantId, robotId: robot.robotId, day: '2025-06-01', distanceM: 1234.54, onlineS: 3600 },
      { tenantId: a.tenantId, robotId: robot.robotId, day: '2025-12-31', distanceM: 10, onlineS: 60 },
      { tenantId: b.tenantId, robotId: robot.robotId, day: '2025-06-01', distanceM: 99, onlineS: 99 },
    ]);
    await t.db.execute(
      sql`insert into alarm_days (tenant_id, robot_id, kind, day, count) values
            (${a.tenantId}, ${robot.robotId}, 'gun', '2025-06-01', 2),
            (${a.tenantId}, ${robot.robotId}, 'sentiment', '2025-06-01', 3),
            (${a.tenantId}, ${robot.robotId}, 'sentiment', '2026-01-01', 7),
            (${b.tenantId}, ${robot.robotId}, 'gun', '2025-06-01', 11)`,
    );
    const year = { from: '2025-01-01', to: '2025-12-31' };
    const trends = dataOf<DashboardTrends>(await get('trends', a.token, year));
    expect(trends.alarms).toEqual([
      { day: '2025-06-01', kind: 'gun', count: 2 },
      { day: '2025-06-01', kind: 'sentiment', count: 3 },
    ]);
    expect(trends.distance).toEqual([
      { day: '2025-06-01', distanceM: 1234.5 },
      { day: '2025-12-31', distanceM: 10 },
    ]);
    expect(trends.uptime).toEqual([expect.objectContaining({ robotId: robot.robotId, onlineS: 3660 })]);
    const portrait = dataOf<DashboardAbnormal>(await get('abnormal', a.token, year));
    expect(portrait).toMatchObject({
      total: 5,
      byKind: [
        { kind: 'sentiment', count: 3 },
        { kind: 'gun', count: 2 },
      ],
      byRobot: [{ robotId: robot.robotId, robotName: `Robot ${robot.serial}`, count: 5 }],
    });
    const guns = dataOf<DashboardAbnormal>(await get('abnormal', a.token, { ...year, kind: 'gun' }));
    expect(guns).toMatchObject({ total: 2, byRobot: [{ robotId: robot.robotId, count: 2 }] });
    // Each tenant counts its own days only (a robot moved between tenants keeps its past days in the old one).
    const theirs = dataOf<DashboardTrends>(await get('trends', b.token, year));
    expect(theirs).toMatchObject({
      alarms: [{ day: '2025-06-01', kind: 'gun', count: 11 }],
      distance: [{ day: '2025-06-01', distanceM: 99 }],
      uptime: [],
    });
  });

  it('cuts days at the local midnights of the zone, a day of a clock change included', () => {
    expect(daysSpan('Asia/Shanghai', '2026-03-10', '2026-03-11')).toEqual({
      start: new Date('2026-03-09T16:00:00Z'),
      end: new Date('2026-03-11T16:00:00Z'),
    });
    // New York moves its clocks forward on 2026-03-08: a day of 23 hours.
    const spring = daysSpan('America/New_York', '2026-03-08', '2026-03-08');
    expect(spring.start).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR_MS);
    expect(dayIn('Asia/Shanghai', new Date('2026-03-10T16:10:00Z'))).toBe('2026-03-11');
    expect(dayIn('America/New_York', new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-09');
  });
});
