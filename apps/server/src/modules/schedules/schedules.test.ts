import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextRunTimes, type ScheduleRow } from '@patrol/contracts';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { seed } from '../../seed.js';
import { TEST_ADMIN_PASSWORD, createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenantPair, makeUser } from '../../../test/factories.js';
import { openDatabase, type Database, type DbOrTx } from '../../platform/db.js';
import { tenants } from '../tenants/tenants.tables.js';
import { makeScheduledTask } from './schedules.fixtures.js';
import { createScheduler, type ScheduleDispatcher } from './schedules.scheduler.js';

const GRANTS = [
  'GET /api/task-server/schedule/page',
  'POST /api/task-server/schedule/create',
  'POST /api/task-server/schedule/update',
  'POST /api/task-server/schedule/status',
  'POST /api/task-server/schedule/delete',
  'POST /api/robot-server/robot/create',
  'GET /api/task-server/run/page',
];
const REPEAT = {
  priority: 5,
  method: 'repeat',
  times: null,
  timeOfDay: '08:00',
  startDay: 1,
  endDay: 31,
  startMonth: 1,
  endMonth: 12,
};
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A dispatcher that records what it was asked, and answers `answer` (a run id, or a skip). */
function recordingDispatcher(answer: (n: number) => { runId: number } | { skipped: string } = (n) => ({ runId: n })) {
  const started: { scheduleId: number; plannedAt: Date; robotId: number | null; taskId: number }[] = [];
  const missed: { scheduleId: number; plannedAt: Date }[] = [];
  const dispatcher: ScheduleDispatcher = {
    startRun: async (input) => {
      started.push(input);
      return answer(started.length);
    },
    recordMissed: async (input) => {
      missed.push(input);
    },
  };
  return { dispatcher, started, missed };
}

const schedulerOn = (db: DbOrTx, dispatcher: ScheduleDispatcher, now: Date, holder = 'test') =>
  createScheduler({ db, dispatcher, graceSeconds: 300, log: silent, now: () => now, holder, leaseMs: 60_000 });

describe('schedules', () => {
  let t: TestApp;
  let token: string;
  let tenantId: number;
  let otherToken: string;
  let otherTenantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, GRANTS);
    token = pair.token;
    tenantId = pair.tenantId;
    otherTenantId = pair.otherTenantId;
    const other = await makeUser(t, pair.otherTenantId, { roleCodes: ['tenantAdmin'], grants: GRANTS });
    otherToken = await login(t.app, other.account, other.password);
  });
  afterAll(() => t.close());

  const post = (p: string, payload: unknown, as_ = token, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/task-server/schedule/${p}`,
      headers: as(as_, { lang }),
      payload: payload as object,
    });
  const get = async (p: string, as_ = token) =>
    (await t.app.inject({ method: 'GET', url: `/api/task-server/schedule/${p}`, headers: as(as_) })).json();
  const rowOf = async (scheduleId: number): Promise<ScheduleRow> =>
    (await get('page?index=1&size=100')).data.rows.find((r: ScheduleRow) => r.scheduleId === scheduleId);

  it('creates a repeating schedule whose next run is computed in the tenant zone, and lists it', async () => {
    const taskId = await makeScheduledTask(t.db, tenantId, { name: 'Night round' });
    const made = await post('create', { ...REPEAT, taskId, weekdays: [1, 3, 5], timeOfDay: '22:30' });
    expect(made.statusCode).toBe(200);
    const row: ScheduleRow = made.json().data;
    expect(row).toMatchObject({
      taskName: 'Night round',
      method: 'repeat',
      status: 1,
      finished: false,
      timeZone: 'Asia/Shanghai',
    });
    const [expected] = nextRunTimes(
      { ...REPEAT, method: 'repeat', weekdays: [1, 3, 5], timeOfDay: '22:30' },
      new Date(),
      'Asia/Shanghai',
      1,
    );
    expect(row.nextRunTime).toBe(expected!.toISOString());
    expect((await get('page?index=1&size=10&keyword=Night')).data.rows.map((r: ScheduleRow) => r.scheduleId)).toEqual([
      row.scheduleId,
    ]);
    // The other tenant sees none of it.
    expect((await get('page?index=1&size=10', otherToken)).data.total).toBe(0);
  });

  it('keeps the rules of section 5, in the caller language, and stores nothing refused', async () => {
    const taskId = await makeScheduledTask(t.db, tenantId);
    const before = (await get('page?index=1&size=1')).data.total;
    const order = await post('create', { ...REPEAT, taskId, startDay: 20, endDay: 10, startMonth: 9, endMonth: 3 });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toEqual([
      { path: 'endDay', message: 'The start day must not be after the end day' },
      { path: 'endMonth', message: 'The start month must not be after the end month' },
    ]);
    const immediate = await post('create', { taskId, priority: 1, method: 'immediate', times: 1 }, token, 'zh-CN');
    expect(immediate.statusCode).toBe(422);
    expect(immediate.json().errors).toEqual([{ path: 'robotId', message: '立即执行须选择机器人' }]);
    const missing = await post('create', { priority: 5, method: 'repeat', times: null });
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['endDay', 'endMonth', 'startDay', 'startMonth', 'taskId', 'timeOfDay'].sort());
    const past = await post('create', {
      taskId,
      priority: 5,
      method: 'once',
      times: 1,
      timeOfDay: '08:00',
      dates: ['2020-01-01'],
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual([
      { path: 'dates', message: 'With these settings the schedule never runs again' },
    ]);
    expect((await get('page?index=1&size=1')).data.total).toBe(before);
  });

  it("refuses another tenant's task or robot (404) and changes nothing", async () => {
    const theirs = await makeScheduledTask(t.db, otherTenantId);
    expect((await post('create', { ...REPEAT, taskId: theirs })).statusCode).toBe(404);
    const mine = await makeScheduledTask(t.db, tenantId);
    const robot = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/create',
      headers: as(otherToken),
      payload: { productId: 'P-1', serialNumber: `SCHED-${Date.now()}`, name: 'Theirs' },
    });
    const robotId = robot.json().data?.robotId ?? robot.json().data?.robot?.robotId;
    expect(robotId).toBeGreaterThan(0);
    expect(
      (await post('create', { taskId: mine, priority: 1, method: 'immediate', times: 1, robotId })).statusCode,
    ).toBe(404);
  });

  it('disables with no next run, enables with a fresh one, updates and deletes', async () => {
    const taskId = await makeScheduledTask(t.db, tenantId);
    const row: ScheduleRow = (await post('create', { ...REPEAT, taskId })).json().data;
    const off: ScheduleRow = (await post('status', { scheduleId: row.scheduleId, status: 0 })).json().data;
    expect(off).toMatchObject({ status: 0, nextRunTime: null, finished: false });
    const on: ScheduleRow = (await post('status', { scheduleId: row.scheduleId, status: 1 })).json().data;
    expect(on.nextRunTime).toBe(row.nextRunTime);
    const changed = await post('update', {
      ...REPEAT,
      scheduleId: row.scheduleId,
      taskId,
      timeOfDay: '09:15',
      priority: 2,
    });
    expect(changed.statusCode).toBe(200);
    const [expected] = nextRunTimes(
      { ...REPEAT, method: 'repeat', timeOfDay: '09:15' },
      new Date(),
      'Asia/Shanghai',
      1,
    );
    expect(changed.json().data).toMatchObject({
      priority: 2,
      timeOfDay: '09:15',
      nextRunTime: expected!.toISOString(),
    });
    expect((await post('delete', { scheduleId: row.scheduleId })).statusCode).toBe(200);
    expect((await post('delete', { scheduleId: row.scheduleId })).statusCode).toBe(404);
  });

  it("reads times in the tenant's own zone, and follows a change of zone", async () => {
    const taskId = await makeScheduledTask(t.db, otherTenantId);
    await t.db.update(tenants).set({ timeZone: 'Europe/Berlin' }).where(eq(tenants.id, otherTenantId));
    expect((await get('zone', otherToken)).data).toEqual({ timeZone: 'Europe/Berlin' });
    const row: ScheduleRow = (await post('create', { ...REPEAT, taskId, timeOfDay: '02:30' }, otherToken)).json().data;
    const [berlin] = nextRunTimes({ ...REPEAT, method: 'repeat', timeOfDay: '02:30' }, new Date(), 'Europe/Berlin', 1);
    expect(row).toMatchObject({ timeZone: 'Europe/Berlin', nextRunTime: berlin!.toISOString() });

    await t.db.update(tenants).set({ timeZone: 'America/New_York' }).where(eq(tenants.id, otherTenantId));
    const now = new Date();
    await schedulerOn(t.db, recordingDispatcher().dispatcher, now).tick();
    const [newYork] = nextRunTimes({ ...REPEAT, method: 'repeat', timeOfDay: '02:30' }, now, 'America/New_York', 1);
    expect((await rowOf.call(null, row.scheduleId).catch(() => null)) ?? null).toBeNull(); // not the caller's tenant
    const moved = (await get('page?index=1&size=100', otherToken)).data.rows.find(
      (r: ScheduleRow) => r.scheduleId === row.scheduleId,
    );
    expect(moved).toMatchObject({ timeZone: 'America/New_York', nextRunTime: newYork!.toISOString() });
  });

  describe('the scheduler', () => {
    async function dueSchedule(body: Record<string, unknown> = {}) {
      const taskId = (body.taskId as number | undefined) ?? (await makeScheduledTask(t.db, tenantId));
      const row: ScheduleRow = (await post('create', { ...REPEAT, taskId, ...body })).json().data;
      return { row, planned: new Date(row.nextRunTime!) };
    }

    it('fires a due schedule once, records it, and plans the next day', async () => {
      const { row, planned } = await dueSchedule();
      const rec = recordingDispatcher(() => ({ runId: 4242 }));
      const at = new Date(planned.getTime() + 1000);
      expect(await schedulerOn(t.db, rec.dispatcher, at).tick()).toBeGreaterThanOrEqual(1);
      expect(rec.started.filter((s) => s.scheduleId === row.scheduleId)).toEqual([
        {
          tenantId,
          taskId: row.taskId,
          robotId: null,
          scheduleId: row.scheduleId,
          plannedAt: planned,
          source: 'schedule',
        },
      ]);
      // A second pass at the same moment finds nothing more of it.
      await schedulerOn(t.db, rec.dispatcher, at).tick();
      expect(rec.started.filter((s) => s.scheduleId === row.scheduleId)).toHaveLength(1);
      const after = await rowOf(row.scheduleId);
      expect(after).toMatchObject({
        lastOutcome: 'dispatched',
        lastRunId: 4242,
        dispatchCount: 1,
        lastPlannedTime: planned.toISOString(),
      });
      expect(new Date(after.nextRunTime!).getTime() - planned.getTime()).toBe(86_400_000);
    });

    it('runs a time missed within the grace period once, and records an older one as missed', async () => {
      const late = await dueSchedule();
      const rec = recordingDispatcher();
      // Four minutes after: within 300 s.
      await schedulerOn(t.db, rec.dispatcher, new Date(late.planned.getTime() + 240_000)).tick();
      expect(rec.started.map((s) => s.scheduleId)).toContain(late.row.scheduleId);
      expect((await rowOf(late.row.scheduleId)).lastOutcome).toBe('dispatched');

      // Another one, first looked at ten minutes after its time.
      const old = await dueSchedule();
      const rec2 = recordingDispatcher();
      const tenMinutesLate = new Date(old.planned.getTime() + 600_000);
      await schedulerOn(t.db, rec2.dispatcher, tenMinutesLate).tick();
      expect(rec2.started.map((s) => s.scheduleId)).not.toContain(old.row.scheduleId);
      expect(rec2.missed.filter((m) => m.scheduleId === old.row.scheduleId)).toEqual([
        expect.objectContaining({ scheduleId: old.row.scheduleId, plannedAt: old.planned }),
      ]);
      const after = await rowOf(old.row.scheduleId);
      expect(after).toMatchObject({
        lastOutcome: 'missed',
        dispatchCount: 0,
        lastPlannedTime: old.planned.toISOString(),
      });
      expect(new Date(after.nextRunTime!).getTime()).toBeGreaterThan(tenMinutesLate.getTime());
    });

    it('stops after N dispatches and shows it finished; skips count nothing', async () => {
      const { row, planned } = await dueSchedule({ times: 2 });
      let skip = true;
      const rec = recordingDispatcher((n) => (skip ? { skipped: 'robots.offline' } : { runId: n }));
      let at = new Date(planned.getTime() + 1000);
      await schedulerOn(t.db, rec.dispatcher, at).tick();
      expect(await rowOf(row.scheduleId)).toMatchObject({
        lastOutcome: 'skipped',
        lastReason: 'robots.offline',
        dispatchCount: 0,
        finished: false,
      });
      skip = false;
      for (let i = 0; i < 2; i += 1) {
        at = new Date((await rowOf(row.scheduleId)).nextRunTime!);
        await schedulerOn(t.db, rec.dispatcher, new Date(at.getTime() + 1000)).tick();
      }
      expect(await rowOf(row.scheduleId)).toMatchObject({
        dispatchCount: 2,
        finished: true,
        nextRunTime: null,
        status: 1,
      });
      // Enabling a finished schedule counts its runs afresh.
      const again: ScheduleRow = (await post('status', { scheduleId: row.scheduleId, status: 1 })).json().data;
      expect(again).toMatchObject({ dispatchCount: 0, finished: false });
    });

    it('never dispatches a disabled task: the outcome says why', async () => {
      const taskId = await makeScheduledTask(t.db, tenantId, { status: 0 });
      const { row, planned } = await dueSchedule({ taskId });
      const rec = recordingDispatcher();
      await schedulerOn(t.db, rec.dispatcher, new Date(planned.getTime() + 1000)).tick();
      expect(rec.started.map((s) => s.scheduleId)).not.toContain(row.scheduleId);
      expect(await rowOf(row.scheduleId)).toMatchObject({ lastOutcome: 'skipped', lastReason: 'tasks.disabled' });
    });

    it('runs an immediate schedule at once, on creation and on enabling again', async () => {
      const robot = await t.app.inject({
        method: 'POST',
        url: '/api/robot-server/robot/create',
        headers: as(token),
        payload: { productId: 'P-1', serialNumber: `IMM-${Date.now()}`, name: 'Mine' },
      });
      const robotId = robot.json().data?.robotId ?? robot.json().data?.robot?.robotId;
      const taskId = await makeScheduledTask(t.db, tenantId);
      const row: ScheduleRow = (
        await post('create', { taskId, priority: 1, method: 'immediate', times: 1, robotId })
      ).json().data;
      expect(row.nextRunTime).not.toBeNull();
      const rec = recordingDispatcher();
      await schedulerOn(t.db, rec.dispatcher, new Date()).tick();
      expect(rec.started.filter((s) => s.scheduleId === row.scheduleId)).toEqual([
        expect.objectContaining({ robotId }),
      ]);
      expect(await rowOf(row.scheduleId)).toMatchObject({ finished: true, lastOutcome: 'dispatched' });
      await post('status', { scheduleId: row.scheduleId, status: 1 });
      await schedulerOn(t.db, rec.dispatcher, new Date()).tick();
      expect(rec.started.filter((s) => s.scheduleId === row.scheduleId)).toHaveLength(2);
    });

    it('dispatches on one instance only: the lease, and the claim even when two hold it', async () => {
      const due = await Promise.all([dueSchedule(), dueSchedule(), dueSchedule()]);
      const at = new Date(Math.max(...due.map((d) => d.planned.getTime())) + 1000);
      const rec = recordingDispatcher();
      await schedulerOn(t.db, rec.dispatcher, at).stop(); // the other tests' holder gives the lease up
      const a = schedulerOn(t.db, rec.dispatcher, at, 'instance-a');
      const b = schedulerOn(t.db, rec.dispatcher, at, 'instance-b');
      await a.tick();
      expect(await b.tick()).toBe(-1); // a holds the lease
      await a.stop();
      const next = await Promise.all(due.map(async (d) => new Date((await rowOf(d.row.scheduleId)).nextRunTime!)));
      // Two holders at once (a lease that lapses at every pass): each time still fires once.
      const later = new Date(Math.max(...next.map((d) => d.getTime())) + 1000);
      const rec2 = recordingDispatcher();
      const lapsing = (holder: string) =>
        createScheduler({
          db: t.db,
          dispatcher: rec2.dispatcher,
          graceSeconds: 86_400 * 2,
          log: silent,
          now: () => later,
          holder,
          leaseMs: -1000,
        });
      const x = lapsing('x');
      const y = lapsing('y');
      await Promise.all([x.tick(), y.tick(), x.tick(), y.tick()]);
      for (const d of due) expect(rec.started.filter((s) => s.scheduleId === d.row.scheduleId)).toHaveLength(1);
      for (const d of due) expect(rec2.started.filter((s) => s.scheduleId === d.row.scheduleId)).toHaveLength(1);
    });
  });
});

describe('schedules across restarts and instances', () => {
  it('survives a restart: the due time still fires on the new start', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-schedules-'));
    const shared = process.env.TEST_DATABASE_URL?.trim() ? await openTestDatabase() : null;
    const open = async (): Promise<Database> => {
      if (shared) return openDatabase({ databaseUrl: shared.url!, pgliteDir: null });
      const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
      await database.migrate();
      return database;
    };
    try {
      const first = await open();
      const t1 = await createTestApp({ database: first });
      const pair = await makeTenantPair(t1, GRANTS);
      const taskId = await makeScheduledTask(t1.db, pair.tenantId);
      const made = await t1.app.inject({
        method: 'POST',
        url: '/api/task-server/schedule/create',
        headers: as(pair.token),
        payload: { ...REPEAT, taskId },
      });
      const row: ScheduleRow = made.json().data;
      await t1.close();
      await first.close();

      const second = await open();
      const t2 = await createTestApp({ database: second });
      try {
        const rec = recordingDispatcher();
        const planned = new Date(row.nextRunTime!);
        await schedulerOn(t2.db, rec.dispatcher, new Date(planned.getTime() + 5000), 'after-restart').tick();
        expect(rec.started).toEqual([expect.objectContaining({ scheduleId: row.scheduleId, plannedAt: planned })]);
      } finally {
        await t2.close();
        await second.close();
      }
    } finally {
      await shared?.database.close();
      await shared?.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('two instances on one database fire a due schedule exactly once', async () => {
    const made = await openTestDatabase();
    const otherConnection = made.url ? await openDatabase({ databaseUrl: made.url, pgliteDir: null }) : made.database;
    const t1 = await createTestApp({ database: made.database });
    const t2 = await createTestApp({ database: otherConnection });
    try {
      const pair = await makeTenantPair(t1, GRANTS);
      const taskId = await makeScheduledTask(t1.db, pair.tenantId);
      const row: ScheduleRow = (
        await t1.app.inject({
          method: 'POST',
          url: '/api/task-server/schedule/create',
          headers: as(pair.token),
          payload: { ...REPEAT, taskId },
        })
      ).json().data;
      const at = new Date(new Date(row.nextRunTime!).getTime() + 1000);
      const rec = recordingDispatcher();
      const one = createScheduler({
        db: t1.db,
        dispatcher: rec.dispatcher,
        graceSeconds: 300,
        log: silent,
        now: () => at,
        holder: 'one',
        leaseMs: -1,
      });
      const two = createScheduler({
        db: t2.db,
        dispatcher: rec.dispatcher,
        graceSeconds: 300,
        log: silent,
        now: () => at,
        holder: 'two',
        leaseMs: -1,
      });
      await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
      expect(rec.started.filter((s) => s.scheduleId === row.scheduleId)).toHaveLength(1);
    } finally {
      await t2.close();
      await t1.close();
      if (otherConnection !== made.database) await otherConnection.close();
      await made.database.close();
      await made.drop();
    }
  });
});

describe('the scheduler in the server', () => {
  it('reads SCHEDULE_GRACE_SECONDS, 300 unless told', () => {
    expect(loadConfig({}).scheduleGraceSeconds).toBe(300);
    expect(loadConfig({ SCHEDULE_GRACE_SECONDS: '60' }).scheduleGraceSeconds).toBe(60);
    for (const bad of ['-1', '1.5', 'soon', '86401']) {
      expect(() => loadConfig({ SCHEDULE_GRACE_SECONDS: bad })).toThrow(/SCHEDULE_GRACE_SECONDS/);
    }
  });

  it("starts runs through the runs module of the server: an immediate schedule runs at once, skipped with the reason (the robot is not in the task's station)", async () => {
    const made = await openTestDatabase();
    const config = {
      ...loadConfig({}),
      scryptLogN: 10,
      mqttPort: 0,
      mqttBrokerThread: false,
      logLevel: 'silent',
      fileStorage: 'database' as const,
    };
    await seed(made.database.db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir: null, scryptLogN: 10, log: silent });
    const app = await buildApp({ config, database: made.database, logger: false, webDist: null });
    await app.ready();
    try {
      expect(app.schedules.scheduler).not.toBeNull();
      const t = { app, db: made.database.db, config } as unknown as TestApp;
      const pair = await makeTenantPair(t, [...GRANTS]);
      const robot = await app.inject({
        method: 'POST',
        url: '/api/robot-server/robot/create',
        headers: as(pair.token),
        payload: { productId: 'P-1', serialNumber: `WIRE-${Date.now()}`, name: 'Wired' },
      });
      const robotId = robot.json().data.robot.robotId as number;
      const taskId = await makeScheduledTask(made.database.db, pair.tenantId);
      const row: ScheduleRow = (
        await app.inject({
          method: 'POST',
          url: '/api/task-server/schedule/create',
          headers: as(pair.token),
          payload: { taskId, priority: 1, method: 'immediate', times: 1, robotId },
        })
      ).json().data;
      const runs = async () =>
        (await app.inject({ method: 'GET', url: '/api/task-server/run/page', headers: as(pair.token) })).json().data
          .rows as { scheduleId: number | null; robotId: number; status: string; reason: string | null }[];
      await expect
        .poll(async () => (await runs()).filter((r) => r.scheduleId === row.scheduleId), { timeout: 10_000 })
        .toMatchObject([{ robotId, status: 'skipped', reason: 'runs.robotNotInStation' }]);
    } finally {
      await app.close();
      await made.database.close();
      await made.drop();
    }
  });

  it("takes the tenant's zone from the tenant form, and refuses an unknown one", async () => {
    const t = await createTestApp();
    try {
      const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const pair = await makeTenantPair(t, GRANTS);
      const body = {
        tenantId: pair.tenantId,
        tenantName: 'Zoned',
        adminPhone: '13800000000',
        adminName: 'Zoned admin',
        adminEmail: 'zoned@example.com',
      };
      const update = (timeZone: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/system-server/tenant/update',
          headers: as(admin, { lang: 'en-US' }),
          payload: { ...body, timeZone },
        });
      const bad = await update('Mars/Olympus');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual([{ path: 'timeZone', message: 'Please choose a valid time zone' }]);
      expect((await update('Europe/Berlin')).statusCode).toBe(200);
      const zone = await t.app.inject({
        method: 'GET',
        url: '/api/task-server/schedule/zone',
        headers: as(pair.token),
      });
      expect(zone.json().data).toEqual({ timeZone: 'Europe/Berlin' });
    } finally {
      await t.close();
    }
  });
});
