import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot } from '../../../test/robots.js';
import { makeStationTask } from '../../../test/runs.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { runs, runSteps } from './runs.tables.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();

/**
 * Two instances on one PostgreSQL database: on an external broker a robot's report reaches one
 * instance of the share group, but a redelivery (QoS 1) may reach the other; each applies it once.
 */
describe.skipIf(!databaseUrl)('runs on two instances', () => {
  const apps: TestApp[] = [];
  let second: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    second = await openDatabase({ databaseUrl: made.url!, pgliteDir: null });
    apps.push(await createTestApp({ database: made.database }), await createTestApp({ database: second }));
  });
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
    await second?.close();
    await drop?.();
  });

  it('applies a report received by both instances at once a single time, and a no-answer expiry once', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const tenantId = (await makeTenant(a)).id;
    const admin = await makeUser(a, tenantId, {
      grants: ['POST /api/robot-server/robot/create'],
      roleCodes: ['tenantAdmin'],
    });
    const robot = await registerRobot(a, await login(a.app, admin.account, admin.password));
    const { task } = await makeStationTask(a.db, tenantId, { robotIds: [robot.robotId] });
    const insert = async (dispatchedAt: Date) => {
      const [row] = await a.db
        .insert(runs)
        .values({
          tenantId,
          taskId: task.id,
          taskName: task.name,
          robotId: robot.robotId,
          robotName: 'R',
          serialNumber: robot.serial,
          source: 'manual',
          status: 'dispatched',
          plannedAt: new Date(),
          dispatchedAt,
        })
        .returning();
      return row!.id;
    };
    const runId = await insert(new Date());
    const report = {
      id: randomUUID(),
      runId: String(runId),
      ts: Date.now(),
      step: 'nodeReached',
      job: 0,
      node: 0,
      round: 1,
    };
    await Promise.all([a.app.runs.onReport(robot.serial, report), b.app.runs.onReport(robot.serial, report)]);
    expect(await a.db.select().from(runSteps).where(eq(runSteps.runId, runId))).toHaveLength(1);
    const [run] = await a.db.select().from(runs).where(eq(runs.id, runId));
    expect(run).toMatchObject({ status: 'running' });
    expect(run!.progress).toMatchObject({ reached: 1 });
    await a.app.runs.onReport(robot.serial, { ...report, id: randomUUID(), step: 'finished' });

    await insert(new Date(Date.now() - 61_000));
    const swept = await Promise.all([a.app.runs.sweepUnstarted(), b.app.runs.sweepUnstarted()]);
    expect(swept[0] + swept[1]).toBe(1);
  });
});
