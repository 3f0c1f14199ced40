import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { makeTenant } from '../../../test/factories.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { insertTrackPoints } from '../tracks/tracks.repository.js';
import { robotDaysOf, robotHoursOf, rollupCountedTo } from './dashboards.repository.js';
import { dayIn } from './dashboards.service.js';
import { createRobotHoursRollup, haversineM, ROLLUP_WINDOW_MS, type RobotHoursRollup } from './dashboards.rollup.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The tenants' zone (the default). */
const ZONE = 'Asia/Shanghai';
/** 1 m north a second. */
const STEP_DEG = 1 / 111_195;

/**
 * The hourly rollup on two instances of one database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): points stored once are counted once, whichever instance passes. The passes
 * here run on a clock hours ahead, so the apps' own passes (on the real clock) find nothing to count.
 */
describe('robot hours rollup', () => {
  const apps: TestApp[] = [];
  let first: Database | undefined;
  let second: Database | undefined;
  let drop: () => Promise<void>;
  let tenantId: number;
  let clock = 0;
  let rollups: RobotHoursRollup[];
  /** The first whole hour three hours ahead. */
  const base = (Math.floor(Date.now() / HOUR_MS) + 3) * HOUR_MS;

  beforeAll(async () => {
    const made = await openTestDatabase();
    first = made.database;
    drop = made.drop;
    second = databaseUrl ? await openDatabase({ databaseUrl: made.url!, pgliteDir: null }) : undefined;
    apps.push(await createTestApp({ database: first }), await createTestApp({ database: second ?? first }));
    tenantId = (await makeTenant(apps[0]!)).id;
    rollups = apps.map((a) => createRobotHoursRollup(a.db, a.app.log, { lagMs: 0, now: () => clock }));
  });
  afterAll(async () => {
    for (const r of rollups ?? []) await r.stop();
    for (const t of apps.reverse()) await t.close();
    await second?.close();
    await first?.close();
    await drop?.();
  });

  const db = () => apps[0]!.db;
  const point = (robotId: number, ts: number, north = 0) => ({
    robotId,
    tenantId,
    ts,
    lat: 22.5 + north * STEP_DEG,
    lng: 114,
    speed: 1,
    direction: 0,
    mode: 'patrolling',
  });
  /** The robot's days hold its hours summed by the day each hour starts on in the tenant's zone. */
  async function expectDaysOfHours(robotId: number) {
    const sums = new Map<string, { distanceM: number; onlineS: number }>();
    for (const h of await robotHoursOf(db(), tenantId, robotId)) {
      const day = dayIn(ZONE, h.hour);
      const sum = sums.get(day) ?? { distanceM: 0, onlineS: 0 };
      sums.set(day, { distanceM: sum.distanceM + h.distanceM, onlineS: sum.onlineS + h.onlineS });
    }
    const days = await robotDaysOf(db(), tenantId, robotId);
    expect(days.map((d) => [d.day, d.onlineS])).toEqual([...sums].map(([day, sum]) => [day, sum.onlineS]));
    days.forEach((d) => expect(d.distanceM).toBeCloseTo(sums.get(d.day)!.distanceM, 6));
  }

  /** Both instances pass at the same time until everything up to the clock is counted. */
  async function passAll(to: number) {
    clock = to;
    while (((await rollupCountedTo(db())) ?? 0) < to) await Promise.all(rollups.map((r) => r.pass()));
  }

  it('counts distance and seconds online by hour: a gap across an hour’s start shared, long gaps left out', async () => {
    const robotId = 900_001;
    const at = (s: number) => point(robotId, base + s * 1000, s);
    // 0 → 10 s every second, then 10 → 25 s: too long a gap, then 25 → 26 s.
    await insertTrackPoints(db(), [...Array.from({ length: 11 }, (_, s) => at(s)), at(25), at(26)]);
    // A gap of 4 s across the next hour's start: 2 s and half the way to each hour.
    const next = base + HOUR_MS;
    const near = (ms: number) => ({ ...point(robotId, next + ms), lat: 23 + ms / 1000 / 111_195 });
    await insertTrackPoints(db(), [near(-6000), near(-2000), near(2000)]);
    await passAll(next + 2000);

    const rows = await robotHoursOf(db(), tenantId, robotId);
    // The hour: 10 s + 1 s, 4 s from -6 s to -2 s and 2 s of the gap across; the next hour the other 2 s.
    expect(rows.map((r) => [r.hour.getTime(), r.onlineS, r.samples])).toEqual([
      [base, 10 + 1 + 4 + 2, 13 + 2],
      [next, 2, 1],
    ]);
    expect(rows[0]!.distanceM).toBeCloseTo(haversineM(at(0), at(10)) + haversineM(at(25), at(26)) + 4 + 2, 1);
    expect(rows[0]!.distanceM).toBeCloseTo(17, 1);
    expect(rows[1]!.distanceM).toBeCloseTo(2, 1);
    // The same sums on the tenant's days (Shanghai): each hour on the day its start falls on.
    await expectDaysOfHours(robotId);

    // A point stored after its time was counted is left out, and changes nothing.
    await insertTrackPoints(db(), [near(1000)]);
    await passAll(next + 2500);
    expect((await robotHoursOf(db(), tenantId, robotId)).map((r) => [r.onlineS, r.samples])).toEqual([
      [17, 15],
      [2, 1],
    ]);
  });

  it('counts each point once with two instances passing at the same time', async () => {
    const start = base + 2 * HOUR_MS;
    const robots = [900_002, 900_003];
    // Five minutes of two robots, a point a second; passes of 20 s, both instances trying each one.
    await insertTrackPoints(
      db(),
      robots.flatMap((robotId) => Array.from({ length: 300 }, (_, s) => point(robotId, start + s * 1000, s))),
    );
    const small = apps.map((a) =>
      createRobotHoursRollup(a.db, a.app.log, { lagMs: 0, now: () => clock, windowMs: 20_000 }),
    );
    clock = start + 300_000;
    while (((await rollupCountedTo(db())) ?? 0) < clock) await Promise.all(small.map((r) => r.pass()));
    expect(small.reduce((n, r) => n + r.stats().points, 0)).toBe(600);
    for (const robotId of robots) {
      const rows = await robotHoursOf(db(), tenantId, robotId);
      expect(rows.map((r) => [r.hour.getTime(), r.onlineS, r.samples])).toEqual([[start, 299, 300]]);
      expect(rows[0]!.distanceM).toBeCloseTo(299, 1);
      const days = await robotDaysOf(db(), tenantId, robotId);
      expect(days.map((d) => [d.day, d.onlineS])).toEqual([[dayIn(ZONE, new Date(start)), 299]]);
      expect(days[0]!.distanceM).toBeCloseTo(299, 1);
    }
  });

  it('moves the watermark at most a window per pass, and a failed pass changes nothing', async () => {
    const robotId = 900_004;
    const from = (await rollupCountedTo(db()))!;
    const start = from + 1000;
    await insertTrackPoints(
      db(),
      [0, 1, 2, 3].map((s) => point(robotId, start + s * 1000, s)),
    );
    clock = start + 2 * ROLLUP_WINDOW_MS;
    const [one] = rollups as [RobotHoursRollup];

    // The table the sums go to is away: the pass fails, the watermark stays.
    await db().execute(sql`alter table robot_hours rename to robot_hours_away`);
    try {
      await expect(one.pass()).rejects.toThrow();
    } finally {
      await db().execute(sql`alter table robot_hours_away rename to robot_hours`);
    }
    expect(await rollupCountedTo(db())).toBe(from);
    expect(await robotHoursOf(db(), tenantId, robotId)).toEqual([]);
    expect(await robotDaysOf(db(), tenantId, robotId)).toEqual([]);

    // The next pass counts the points once, and covers one window of the time behind.
    // (Null when an app's own pass holds the lock at that moment: it finds nothing to count on its clock.)
    let window = await one.pass();
    while (window === null) window = await one.pass();
    expect(window).toEqual({ from, to: from + ROLLUP_WINDOW_MS, points: 4, rows: 1 });
    expect(await rollupCountedTo(db())).toBe(from + ROLLUP_WINDOW_MS);
    await passAll(clock);
    expect(await rollupCountedTo(db())).toBe(clock);
    const rows = await robotHoursOf(db(), tenantId, robotId);
    expect(rows.map((r) => [r.onlineS, r.samples])).toEqual([[3, 4]]);
    expect(rows[0]!.distanceM).toBeCloseTo(3, 1);
  });

  it('adds each hour to the day of the tenant’s clock it starts on: local midnight cuts the days', async () => {
    const robotId = 900_005;
    const from = (await rollupCountedTo(db()))!;
    // The next midnight in Shanghai (16:00 UTC) at least a minute after the watermark.
    const midnight = Math.ceil((from + 60_000 - 16 * HOUR_MS) / DAY_MS) * DAY_MS + 16 * HOUR_MS;
    await insertTrackPoints(
      db(),
      [-3, -2, -1, 0, 1, 2].map((s) => point(robotId, midnight + s * 1000, s)),
    );
    const wide = apps.map((a) =>
      createRobotHoursRollup(a.db, a.app.log, { lagMs: 0, now: () => clock, windowMs: 2 * DAY_MS }),
    );
    clock = midnight + 3000;
    while (((await rollupCountedTo(db())) ?? 0) < clock) await Promise.all(wide.map((r) => r.pass()));
    const before = dayIn(ZONE, new Date(midnight - 1000));
    const after = dayIn(ZONE, new Date(midnight));
    expect(after).not.toBe(before);
    const days = await robotDaysOf(db(), tenantId, robotId);
    expect(days.map((d) => [d.day, d.onlineS])).toEqual([
      [before, 3],
      [after, 2],
    ]);
    expect(days[0]!.distanceM).toBeCloseTo(3, 1);
    expect(days[1]!.distanceM).toBeCloseTo(2, 1);
    await expectDaysOfHours(robotId);
  });
});
