import { randomUUID } from 'node:crypto';
import {
  RUN_MIN_BATTERY,
  RUN_REASON_RETURNED_TO_BASE,
  type Page,
  type RobotLive,
  type RunDetail,
  type RunRow,
} from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { makeStationTask, nodeNear } from '../../../test/runs.js';
import { fleetStopRobots } from '../fleet-stop/fleet-stop.tables.js';
import { goingRunNames } from './runs.shared.js';
import { runs, runSteps } from './runs.tables.js';

const START = '/api/task-server/run/start';
const PAGE = '/api/task-server/run/page';
const DETAIL = '/api/task-server/run/detail';
const LIVE = '/api/robot-server/monitor/live';
const SEND = '/api/robot-server/cmd/send';
const GRANTS = [
  `POST ${START}`,
  `GET ${PAGE}`,
  `GET ${DETAIL}`,
  `GET ${LIVE}`,
  `POST ${SEND}`,
  'POST /api/robot-server/robot/create',
  'POST /api/robot-server/repair/create',
];

describe('running tasks on robots', () => {
  let t: TestApp;
  const sims: SimRobot[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.disconnect({ silent: true }).catch(() => undefined)));
    await t.close();
  });

  async function tenant() {
    const tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    const token = await login(t.app, admin.account, admin.password);
    return { tenantId, token };
  }
  const start = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: START, headers: as(token, { lang: 'en-US' }), payload });
  const detail = async (token: string, runId: number) => {
    const res = await t.app.inject({ method: 'GET', url: DETAIL, headers: as(token), query: { runId: String(runId) } });
    expect(res.statusCode).toBe(200);
    return res.json().data as RunDetail;
  };
  const page = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: PAGE, headers: as(token), query: { index: '1', ...query } });
    expect(res.statusCode).toBe(200);
    return res.json().data as Page<RunRow>;
  };
  const runCount = async (tenantId: number) =>
    (await t.db.select().from(runs).where(eq(runs.tenantId, tenantId))).length;

  /** A robot online with a simulator that waits for tasks (idle), its battery as given. */
  async function online(token: string, options: { battery?: number; idle?: boolean } = {}) {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot, { mode: options.idle === false ? 'patrolling' : 'idle', speed: 3, actionMs: 100 });
    sim.battery = options.battery ?? 90;
    sims.push(sim);
    await sim.connect();
    await until(
      async () => {
        const res = await t.app.inject({ method: 'GET', url: LIVE, headers: as(token) });
        const live = (res.json().data as RobotLive[]).find((r) => r.robotId === robot.robotId);
        return live?.online && live.state !== null;
      },
      8000,
      'the robot online',
    );
    return { robot, sim };
  }

  it('dispatches the task to the robot and records the run to its end with every arrival', async () => {
    const { tenantId, token } = await tenant();
    const { robot, sim } = await online(token);
    const nodes = [nodeNear(3, 0), nodeNear(6, 2, 1)];
    const { task, job } = await makeStationTask(t.db, tenantId, { nodes, robotIds: [robot.robotId] });

    const res = await start(token, { taskId: task.id, robotId: robot.robotId });
    expect(res.statusCode).toBe(200);
    const run = res.json().data as RunRow;
    expect(run).toMatchObject({ status: 'dispatched', source: 'manual', robotId: robot.robotId, taskName: task.name });

    // The command carries the task as it is: its jobs, their paths and actions.
    const command = await until(() => sim.received.find((c) => c.name === 'runTask'), 5000, 'runTask');
    expect(command.args).toEqual({
      runId: String(run.runId),
      task: {
        taskId: task.id,
        name: task.name,
        jobs: [
          {
            jobId: job.id,
            name: job.name,
            rounds: 1,
            trigger: { name: 'At each node', type: 'eachNode' },
            action: { name: 'Announce', type: 'speak' },
            speakerData: 'Please keep the gate clear',
            nodes,
          },
        ],
      },
    });

    // While it runs, its alarms carry the run.
    await until(async () => (await detail(token, run.runId)).status === 'running', 5000, 'running');
    const alarm = sim.raiseAlarm('sentiment');
    expect(alarm.taskId).toBe(String(run.runId));

    const done = await until(
      async () => {
        const d = await detail(token, run.runId);
        return d.status === 'finished' && d.alarms.length > 0 ? d : null;
      },
      15000,
      'finished',
    );
    expect(done.startTime).not.toBeNull();
    expect(done.endTime).not.toBeNull();
    expect(done.progress).toMatchObject({ reached: 2, total: 2 });
    const arrivals = done.steps.filter((s) => s.step === 'nodeReached');
    expect(arrivals.map((s) => [s.job, s.node, s.round])).toEqual([
      [0, 0, 1],
      [0, 1, 1],
    ]);
    expect(arrivals[1]!.lat).toBeCloseTo(nodes[1]!.lat, 6);
    expect(done.steps.map((s) => s.step)).toEqual([
      'started',
      'nodeReached',
      'actionDone',
      'nodeReached',
      'actionDone',
      'roundFinished',
      'finished',
    ]);
    expect(done.jobs[0]!.nodes).toEqual(nodes);
    expect(done.commands.map((c) => c.name)).toContain('runTask');
    expect(done.alarms).toHaveLength(1);
    expect(sim.mode).toBe('idle');

    // The records list it.
    const listed = await page(token, { status: 'finished', source: 'manual' });
    expect(listed.rows.map((r) => r.runId)).toEqual([run.runId]);
    expect(listed.rows[0]!.durationS).toBeGreaterThanOrEqual(0);
    expect((await page(token, { status: 'failed' })).total).toBe(0);
  });

  it("the control page's pause, resume and return to base act on the running task", async () => {
    const { tenantId, token } = await tenant();
    const { robot, sim } = await online(token);
    const { task } = await makeStationTask(t.db, tenantId, {
      nodes: [nodeNear(40, 0), nodeNear(80, 0)],
      robotIds: [robot.robotId],
    });
    const run = (await start(token, { taskId: task.id, robotId: robot.robotId })).json().data as RunRow;
    const statusIs = (status: string) => async () => (await detail(token, run.runId)).status === status;
    await until(statusIs('running'), 5000, 'running');
    const send = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: SEND,
        headers: as(token),
        payload: { robotId: robot.robotId, command: { name, args: {} } },
      });
    expect((await send('pauseTask')).statusCode).toBe(200);
    await until(statusIs('paused'), 5000, 'paused');
    expect(sim.mode).toBe('paused');
    expect((await send('resumeTask')).statusCode).toBe(200);
    await until(statusIs('running'), 5000, 'running again');
    expect((await send('returnToBase')).statusCode).toBe(200);
    await until(statusIs('failed'), 5000, 'ended');
    const ended = await detail(token, run.runId);
    expect(ended).toMatchObject({ reason: 'runs.returnedToBase' });
    expect(ended.steps.map((s) => s.step)).toEqual(['started', 'paused', 'resumed', 'failed']);
    expect(ended.commands.map((c) => c.name)).toEqual(['runTask', 'pauseTask', 'resumeTask', 'returnToBase']);
  });

  it('refuses a manual start with the reason and records nothing: offline, elsewhere, disabled, low battery, fleet stop, busy', async () => {
    const { tenantId, token } = await tenant();
    const offline = await registerRobot(t, token);
    const { robot: away } = await online(token);
    const { robot: weak } = await online(token, { battery: RUN_MIN_BATTERY - 5 });
    const { robot: held } = await online(token);
    const { robot: patrolling } = await online(token, { idle: false });
    const { task } = await makeStationTask(t.db, tenantId, {
      robotIds: [offline.robotId, weak.robotId, held.robotId, patrolling.robotId],
    });
    const { task: disabled } = await makeStationTask(t.db, tenantId, { name: 'Off', status: 0, robotIds: [] });
    await t.db.insert(fleetStopRobots).values({ tenantId, robotId: held.robotId });

    const refusals: [number, number, string][] = [
      [task.id, offline.robotId, 'The robot is offline'],
      [task.id, away.robotId, "The robot is not in the task's station"],
      [disabled.id, away.robotId, 'The task is disabled'],
      [task.id, weak.robotId, `The robot's battery is below ${RUN_MIN_BATTERY}%`],
      [task.id, held.robotId, 'The robot is held by the fleet stop'],
      [task.id, patrolling.robotId, 'The robot is running another task'],
    ];
    for (const [taskId, robotId, message] of refusals) {
      const res = await start(token, { taskId, robotId });
      expect(res.statusCode, message).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(await runCount(tenantId)).toBe(0);

    // Bad input: a clear message, nothing recorded.
    const bad = await start(token, { taskId: task.id });
    expect(bad.statusCode).toBe(422);
    expect(await runCount(tenantId)).toBe(0);
  });

  it('takes one run per robot: a second start while the first goes is refused as busy', async () => {
    const { tenantId, token } = await tenant();
    const { robot } = await online(token);
    const { task } = await makeStationTask(t.db, tenantId, {
      nodes: [nodeNear(40, 0), nodeNear(80, 0)],
      robotIds: [robot.robotId],
    });
    const [first, second] = await Promise.all([
      start(token, { taskId: task.id, robotId: robot.robotId }),
      start(token, { taskId: task.id, robotId: robot.robotId }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await runCount(tenantId)).toBe(1);
    // The task is in use while its run goes (its delete is refused naming the run).
    const going = (first.statusCode === 200 ? first : second).json().data as RunRow;
    expect(await goingRunNames(t.db, tenantId, task.id)).toEqual([`#${going.runId} ${going.robotName}`]);
  });

  it('records a schedule run that cannot start as skipped with the reason, and picks the robot with the most battery', async () => {
    const { tenantId, token } = await tenant();
    const offline = await registerRobot(t, token);
    const { task } = await makeStationTask(t.db, tenantId, { robotIds: [offline.robotId] });
    const plannedAt = new Date();

    const skipped = await t.app.runs.startRun({
      tenantId,
      taskId: task.id,
      robotId: offline.robotId,
      scheduleId: 77,
      plannedAt,
      source: 'schedule',
    });
    expect(skipped).toMatchObject({ skipped: 'runs.robotOffline' });
    const none = await t.app.runs.startRun({
      tenantId,
      taskId: task.id,
      robotId: null,
      scheduleId: 77,
      plannedAt,
      source: 'schedule',
    });
    expect(none).toMatchObject({ skipped: 'runs.noRobotAvailable' });

    const { robot: low } = await online(token, { battery: 50 });
    const { robot: high } = await online(token, { battery: 85 });
    const { task: shared } = await makeStationTask(t.db, tenantId, {
      name: 'Pick',
      robotIds: [low.robotId, high.robotId],
    });
    const picked = await t.app.runs.startRun({
      tenantId,
      taskId: shared.id,
      robotId: null,
      scheduleId: 78,
      plannedAt,
      source: 'schedule',
    });
    expect('skipped' in picked).toBe(false);
    const missed = await t.app.runs.recordMissed({
      tenantId,
      taskId: task.id,
      robotId: null,
      scheduleId: 79,
      plannedAt: new Date(Date.now() - 3_600_000),
    });

    const rows = (await page(token)).rows;
    const byId = new Map(rows.map((r) => [r.runId, r]));
    expect(byId.get(skipped.runId)).toMatchObject({
      status: 'skipped',
      reason: 'runs.robotOffline',
      source: 'schedule',
      scheduleId: 77,
    });
    expect(byId.get(none.runId)).toMatchObject({ status: 'skipped', reason: 'runs.noRobotAvailable', robotId: null });
    expect(byId.get(picked.runId)).toMatchObject({ status: 'dispatched', robotId: high.robotId });
    expect(byId.get(missed.runId)).toMatchObject({ status: 'missed', reason: 'runs.missed' });
    expect((await page(token, { status: 'skipped' })).total).toBe(2);
  });

  it('sends no task to a robot stopped for repair: a manual start is refused, a schedule run skipped, a pick passes it over', async () => {
    const { tenantId, token } = await tenant();
    const { robot: stopped } = await online(token, { battery: 95 });
    const { robot: fine } = await online(token, { battery: 60 });
    const { task } = await makeStationTask(t.db, tenantId, { robotIds: [stopped.robotId, fine.robotId] });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/repair/create',
      headers: as(token),
      payload: {
        type: 'repair',
        robotId: stopped.robotId,
        equipmentStatus: 'stopped',
        urgency: 'high',
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
        description: 'The left drive motor stalls on every slope',
      },
    });
    expect(order.statusCode).toBe(200);

    const res = await start(token, { taskId: task.id, robotId: stopped.robotId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The robot is stopped for repair');
    const plannedAt = new Date();
    const skipped = await t.app.runs.startRun({
      tenantId,
      taskId: task.id,
      robotId: stopped.robotId,
      scheduleId: 90,
      plannedAt,
      source: 'schedule',
    });
    expect(skipped).toMatchObject({ skipped: 'runs.stoppedForRepair' });
    const picked = await t.app.runs.startRun({
      tenantId,
      taskId: task.id,
      robotId: null,
      scheduleId: 91,
      plannedAt,
      source: 'schedule',
    });
    expect('skipped' in picked).toBe(false);
    const byId = new Map((await page(token)).rows.map((r) => [r.runId, r]));
    expect(byId.get(skipped.runId)).toMatchObject({
      status: 'skipped',
      reason: 'runs.stoppedForRepair',
      robotId: stopped.robotId,
    });
    expect(byId.get(picked.runId)).toMatchObject({ status: 'dispatched', robotId: fine.robotId });
  });

  it('applies each report once, ignores reports of other robots, and fails a run that never started', async () => {
    const { tenantId, token } = await tenant();
    const robot: RegisteredRobot = await registerRobot(t, token);
    const other = await registerRobot(t, token);
    const { task } = await makeStationTask(t.db, tenantId, { robotIds: [robot.robotId] });
    const [row] = await t.db
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
        dispatchedAt: new Date(Date.now() - 61_000),
      })
      .returning();
    const runId = row!.id;
    const report = { id: randomUUID(), runId: String(runId), ts: Date.now(), step: 'started' };

    // Another robot cannot move it.
    await t.app.runs.onReport(other.serial, report);
    expect((await detail(token, runId)).status).toBe('dispatched');

    await t.app.runs.onReport(robot.serial, report);
    await t.app.runs.onReport(robot.serial, report);
    const reached = {
      id: randomUUID(),
      runId: String(runId),
      ts: Date.now(),
      step: 'nodeReached',
      job: 0,
      node: 0,
      round: 1,
    };
    await t.app.runs.onReport(robot.serial, reached);
    await t.app.runs.onReport(robot.serial, reached);
    const steps = await t.db.select().from(runSteps).where(eq(runSteps.runId, runId));
    expect(steps.map((s) => s.step)).toEqual(['started', 'nodeReached']);
    expect((await detail(token, runId)).progress).toMatchObject({ reached: 1, node: 0 });
    // Running: the no-answer rule no longer applies.
    expect(await t.app.runs.sweepUnstarted()).toBe(0);

    await t.app.runs.onReport(robot.serial, {
      id: randomUUID(),
      runId: String(runId),
      ts: Date.now(),
      step: 'failed',
      reason: RUN_REASON_RETURNED_TO_BASE,
    });
    expect(await detail(token, runId)).toMatchObject({ status: 'failed', reason: 'runs.returnedToBase' });

    // A dispatched run without `started` for 60 s fails; a late report changes nothing.
    const [late] = await t.db
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
        dispatchedAt: new Date(Date.now() - 61_000),
      })
      .returning();
    expect(await t.app.runs.sweepUnstarted()).toBe(1);
    await t.app.runs.onReport(robot.serial, { ...report, id: randomUUID(), runId: String(late!.id) });
    expect(await detail(token, late!.id)).toMatchObject({ status: 'failed', reason: 'runs.noAnswer', startTime: null });
  });

  it('answers 403 to a role without the grant and 404 for a run or robot it cannot see', async () => {
    const { tenantId, token } = await tenant();
    const plain = await makeUser(t, tenantId, { grants: [`GET ${PAGE}`] });
    const plainToken = await login(t.app, plain.account, plain.password);
    const { task } = await makeStationTask(t.db, tenantId);
    expect((await start(plainToken, { taskId: task.id, robotId: 1 })).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: DETAIL, headers: as(token), query: { runId: '999999' } });
    expect(missing.statusCode).toBe(404);
    expect((await start(token, { taskId: task.id, robotId: 999999 })).statusCode).toBe(404);
  });
});
