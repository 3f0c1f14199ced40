// Dashboards: what the trend window and the alarm portrait cost over a year of a fleet.
//   Seeds, into a scratch database on PostgreSQL (BENCH_PG_URL, default
//   postgres://postgres@127.0.0.1:5432/test; the database `dashboards_bench_<pid>` is made beside
//   it, migrated by the server and dropped afterwards), BENCH_TENANTS tenants (default 2) of
//   BENCH_ROBOTS robots (default 100) over BENCH_DAYS days (default 365) each: alarms 20 per robot
//   a day, runs 8 per robot a day, robot hours 24 per robot a day, work orders 5 a day, and the days
//   kept from them as the server keeps them (alarm_days, robot_days, derived by SQL). Then asks
//   the dashboards service (as the server does, with its connection pool) for the trends and the
//   portrait of the whole range and of a month, the overview and the home lists, BENCH_REPEAT times
//   each (default 7), and prints p50, p95 and max. Target: trends and portrait ≤ 500 ms. The
//   dashboards' covering indexes are the migrations' own (0018), the days' tables 0019's.
// BENCH_QUICK=1 runs a small version (10 robots, 60 days, 3 runs). Prints figures; asserts nothing.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '@patrol/server/src/platform/auth.js';
import type { AppContext } from '@patrol/server/src/platform/context.js';
import { openDatabase, type Database } from '@patrol/server/src/platform/db.js';
import { createDashboardsService, dayIn } from '@patrol/server/src/modules/dashboards/dashboards.service.js';

const QUICK = process.env.BENCH_QUICK === '1';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TENANTS = Number(process.env.BENCH_TENANTS ?? (QUICK ? 1 : 2));
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? (QUICK ? 10 : 100));
const DAYS = Number(process.env.BENCH_DAYS ?? (QUICK ? 60 : 365));
const REPEAT = Number(process.env.BENCH_REPEAT ?? (QUICK ? 3 : 7));
const ZONE = 'Asia/Shanghai';
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(10);

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dashboards_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** One tenant's year, made by the database itself (generate_series): answers the tenant's id. */
async function seedTenant(database: Database, index: number, start: Date): Promise<number> {
  const { db } = database;
  const run = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [tenant] = await run(
    sql`insert into tenants (code, name, time_zone) values (${`bench-${index}`}, ${`Bench ${index}`}, ${ZONE}) returning id`,
  );
  const tenantId = Number(tenant!.id);
  await run(sql`insert into robots (tenant_id, product_id, serial_number, name, public_key, online, last_state)
    select ${tenantId}, 'PR-1000', ${`B${index}-`} || g, 'Robot ' || g, 'bench', g % 4 <> 0,
           jsonb_build_object('charging', g % 10 = 0)
      from generate_series(1, ${ROBOTS}) g`);
  // 20 alarms a robot a day: one every 72 minutes, at a random minute of it; 2 % still being disposed.
  await run(sql`insert into alarms (tenant_id, kind, robot_id, robot_name, serial_number, message_id, code, msg, level,
                                    reported_at, received_at, topic, lat, lng, status)
    select ${tenantId}, case when random() < 0.2 then 'gun' else 'sentiment' end, r.id, r.name, r.serial_number,
           'm' || r.id || '-' || g, 'CROWD', 'Crowd at the gate', 2, t, t, 'patrol/' || r.serial_number || '/event',
           22.54 + random() * 0.02, 114.05 + random() * 0.02,
           case when random() < 0.02 then 'disposing' else 'complete' end
      from robots r, generate_series(0, ${DAYS * 20 - 1}) g,
           lateral (select ${start}::timestamptz + g * interval '72 minutes' + random() * interval '72 minutes' as t) x
     where r.tenant_id = ${tenantId}`);
  // 8 runs a robot a day, every 3 hours.
  await run(sql`insert into runs (tenant_id, task_name, robot_id, robot_name, serial_number, source, status,
                                  planned_at, dispatched_at, started_at, ended_at)
    select ${tenantId}, 'Patrol', r.id, r.name, r.serial_number, 'schedule', s, p, p, p, p + interval '40 minutes'
      from robots r, generate_series(0, ${DAYS * 8 - 1}) g,
           lateral (select ${start}::timestamptz + g * interval '3 hours' as p,
                           (array['finished','finished','finished','finished','finished','finished','finished','finished','failed','skipped','missed'])[1 + floor(random() * 11)::int] as s) x
     where r.tenant_id = ${tenantId}`);
  await run(sql`insert into robot_hours (robot_id, tenant_id, hour, distance_m, online_s, samples)
    select r.id, ${tenantId}, ${start}::timestamptz + g * interval '1 hour', random() * 3000,
           3000 + floor(random() * 600)::int, 3600
      from robots r, generate_series(0, ${DAYS * 24 - 1}) g
     where r.tenant_id = ${tenantId}`);
  // 5 work orders a day; those older than a week processed.
  await run(sql`insert into work_orders (tenant_id, number, status, type, source, robot_id, robot_name, serial_number,
                                         equipment_status, urgency, deadline, description, created_at, updated_at, finished_at)
    select ${tenantId}, 'WO' || g, case when c < now() - interval '7 days' then 'processed' else 'pending' end,
           'repair', 'manual', r.id, r.name, r.serial_number, 'normal', 'normal', c + interval '1 day',
           'The left drive motor stalls on every slope', c, c,
           case when c < now() - interval '7 days' then c + interval '5 hours' end
      from generate_series(0, ${DAYS * 5 - 1}) g,
           lateral (select ${start}::timestamptz + g * interval '288 minutes' as c) x,
           lateral (select id, name, serial_number from robots where tenant_id = ${tenantId} order by id
                     offset (g % ${ROBOTS}) limit 1) r`);
  // The days the running system keeps as alarms are stored and hours summed (alarm_days, robot_days),
  // derived here from the rows seeded, as migration 0019 does for the rows stored before it.
  await run(sql`insert into alarm_days (tenant_id, robot_id, kind, day, count)
    select a.tenant_id, a.robot_id, a.kind, (a.reported_at at time zone t.time_zone)::date, count(*)::int
      from alarms a join tenants t on t.id = a.tenant_id
     where a.tenant_id = ${tenantId}
     group by 1, 2, 3, 4`);
  await run(sql`insert into robot_days (tenant_id, robot_id, day, distance_m, online_s)
    select h.tenant_id, h.robot_id, (h.hour at time zone t.time_zone)::date, sum(h.distance_m), sum(h.online_s)::int
      from robot_hours h join tenants t on t.id = h.tenant_id
     where h.tenant_id = ${tenantId}
     group by 1, 2, 3`);
  return tenantId;
}

async function main() {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
  try {
    await database.migrate();
    const today = dayIn(ZONE, new Date());
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${first}T00:00:00+08:00`));
    const seeded = performance.now();
    const tenantIds: number[] = [];
    for (let i = 1; i <= TENANTS; i++) tenantIds.push(await seedTenant(database, i, start));
    // As autovacuum leaves a table that is no longer written (the visibility map lets index-only scans skip the rows).
    await database.db.execute(sql`vacuum analyze`);
    const counts = (await database.db.execute(
      sql`select (select count(*) from alarms)::int as alarms, (select count(*) from runs)::int as runs,
                 (select count(*) from robot_hours)::int as hours, (select count(*) from work_orders)::int as orders,
                 (select count(*) from alarm_days)::int as "alarmDays", (select count(*) from robot_days)::int as "robotDays"`,
    )) as unknown as { rows: Record<string, number>[] };
    console.log(
      `seeded ${TENANTS} tenant(s) × ${ROBOTS} robots × ${DAYS} days in ${((performance.now() - seeded) / 1000).toFixed(1)} s:`,
      counts.rows[0],
    );

    const service = createDashboardsService({ db: database.db } as AppContext);
    const caller = {
      userId: 1,
      tenantId: tenantIds[0]!,
      homeTenantId: tenantIds[0]!,
      platformAdmin: true,
      roles: [],
    } as unknown as AuthContext;
    const month = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const robotIds = [1, 2, 3, 4, 5].map((i) => i + (tenantIds[0]! - 1) * ROBOTS);
    const cases: [string, () => Promise<unknown>][] = [
      [`trends, ${DAYS} days`, () => service.trends(caller, { from: first, to: today, robotIds: undefined })],
      [`trends, ${DAYS} days, 5 robots`, () => service.trends(caller, { from: first, to: today, robotIds })],
      ['trends, 30 days', () => service.trends(caller, { from: month, to: today, robotIds: undefined })],
      [`portrait, ${DAYS} days`, () => service.abnormal(caller, { from: first, to: today })],
      [`portrait, ${DAYS} days, gun`, () => service.abnormal(caller, { from: first, to: today, kind: 'gun' })],
      ['portrait, 30 days, 1 robot', () => service.abnormal(caller, { from: month, to: today, robotId: robotIds[0] })],
      ['overview', () => service.overview(caller)],
      ['home lists', () => service.mine(caller)],
    ];
    console.log(
      `\n${'query'.padEnd(32)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}   (${REPEAT} runs after one warm-up)`,
    );
    for (const [name, call] of cases) {
      await call();
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
      console.log(`${name.padEnd(32)}${ms(pct(times, 50))}${ms(pct(times, 95))}${ms(Math.max(...times))}`);
    }
  } finally {
    await database.close();
    // BENCH_KEEP=1 leaves the database for a look at the plans (dropped by the next run's name only).
    if (process.env.BENCH_KEEP === '1') console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
