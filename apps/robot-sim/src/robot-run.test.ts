import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  RUN_REASON_RETURNED_TO_BASE,
  robotRunReport,
  type RobotCommandReply,
  type RobotRunReport,
  type RobotUpload,
  type RunTaskArgs,
} from '@patrol/contracts';
import { SimRobot, type SimRobotOptions } from './robot.js';
import { makeRoute, offset } from './route.js';

const route = makeRoute(DEFAULT_MAP_CENTER, 0);
const base = route.points[0]!;
const node = (east: number, north: number, type: 0 | 1 = 0) => {
  const [lat, lng] = offset(base, east, north);
  return { lat, lng, mode: 0, type, guide: `${east},${north}` };
};

const task = (overrides: Partial<RunTaskArgs['task']['jobs'][number]> = {}): RunTaskArgs['task'] => ({
  taskId: 1,
  name: 'Gate round',
  jobs: [
    {
      jobId: 1,
      name: 'Gate',
      rounds: 1,
      trigger: { name: 'Each stop', type: 'eachNode' },
      action: { name: 'Announce', type: 'speak' },
      speakerData: 'Please keep the gate clear',
      nodes: [node(3, 0), node(6, 0)],
      ...overrides,
    },
  ],
});

describe('a simulated robot running a task', { timeout: 20_000 }, () => {
  let broker: Aedes;
  let server: Server;
  let url: string;
  let control: MqttClient;
  const reports = new Map<string, RobotRunReport[]>();
  const replies: RobotCommandReply[] = [];
  const uploads: RobotUpload[] = [];
  const robots: SimRobot[] = [];

  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    control = await mqtt.connectAsync(url, { clientId: 'run-control' });
    await control.subscribeAsync(['patrol/+/run', 'patrol/+/cmd/reply', 'patrol/+/upload'], { qos: 1 });
    control.on('message', (topic, payload) => {
      const body = JSON.parse(payload.toString('utf8')) as unknown;
      if (topic.endsWith('/upload')) uploads.push(body as RobotUpload);
      else if (topic.endsWith('/run')) {
        const report = robotRunReport.parse(body);
        reports.set(report.runId, [...(reports.get(report.runId) ?? []), report]);
      } else replies.push(body as RobotCommandReply);
    });
  });

  afterEach(async () => {
    for (const robot of robots.splice(0)) await robot.disconnect();
  });

  afterAll(async () => {
    await control.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function robotWith(options: Partial<SimRobotOptions> = {}) {
    const robot = new SimRobot({
      serial: `RUN-${randomUUID().slice(0, 8)}`,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyVersion: 1,
      brokerUrl: url,
      route,
      mode: 'idle',
      speed: 4,
      telemetryMs: 50,
      actionMs: 100,
      eventChance: 0,
      uploadChance: 0,
      ...options,
    });
    robot.battery = 90;
    robots.push(robot);
    await robot.connect();
    return robot;
  }

  async function send(robot: SimRobot, name: string, args: object) {
    const id = randomUUID();
    const issuedAt = Date.now();
    await control.publishAsync(
      `patrol/${robot.serial}/cmd`,
      JSON.stringify({ id, name, args, issuedAt, expiresAt: issuedAt + 30_000 }),
      { qos: 1 },
    );
    return id;
  }

  const stepsOf = (runId: string) => (reports.get(runId) ?? []).map((r) => r.step);
  async function until(check: () => boolean, ms = 8000) {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('follows the path, reports started, each node, the actions and finished, and speaks at each node', async () => {
    const robot = await robotWith();
    await send(robot, 'runTask', { runId: 'run-1', task: task() });
    await until(() => stepsOf('run-1').includes('finished'));
    expect(stepsOf('run-1')).toEqual([
      'started',
      'nodeReached',
      'actionDone',
      'nodeReached',
      'actionDone',
      'roundFinished',
      'finished',
    ]);
    const reached = reports.get('run-1')!.filter((r) => r.step === 'nodeReached');
    expect(reached.map((r) => [r.job, r.node, r.round])).toEqual([
      [0, 0, 1],
      [0, 1, 1],
    ]);
    // It stood at each node when it reported it.
    const last = task().jobs[0]!.nodes[1]!;
    expect(reached[1]!.position!.lat).toBeCloseTo(last.lat, 7);
    expect(reached[1]!.position!.lng).toBeCloseTo(last.lng, 7);
    expect(robot.spoken).toEqual(['Please keep the gate clear', 'Please keep the gate clear']);
    expect(robot.mode).toBe('idle');
    expect(robot.run).toBeNull();
  });

  it('runs each job its rounds and acts only at its trigger (station nodes)', async () => {
    const robot = await robotWith();
    const nodes = [node(2, 0), node(4, 0, 1), node(6, 0)];
    await send(robot, 'runTask', {
      runId: 'run-2',
      task: task({ rounds: 2, nodes, trigger: { name: 'Stops', type: 'stationNodes' } }),
    });
    await until(() => stepsOf('run-2').includes('finished'));
    const steps = stepsOf('run-2');
    expect(steps.filter((s) => s === 'nodeReached')).toHaveLength(6);
    expect(steps.filter((s) => s === 'actionDone')).toHaveLength(2);
    expect(steps.filter((s) => s === 'roundFinished')).toHaveLength(2);
  });

  it('takes a photo (an upload record of the run) at the end of the path only, when the job says so', async () => {
    const robot = await robotWith();
    await send(robot, 'runTask', {
      runId: 'run-8',
      task: task({
        nodes: [node(2, 0), node(4, 0), node(6, 0)],
        trigger: { name: 'At the end', type: 'pathEnd' },
        action: { name: 'Photo', type: 'photo' },
      }),
    });
    await until(() => stepsOf('run-8').includes('finished'));
    await until(() => uploads.some((u) => u.data?.runId === 'run-8'));
    const photos = uploads.filter((u) => u.data?.runId === 'run-8');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ kind: 'image', data: { runId: 'run-8', job: 0, node: 2, round: 1 } });
    expect(robot.spoken).toEqual([]);
  });

  it('is busy while running, pauses and resumes, and ends the run on returnToBase', async () => {
    const robot = await robotWith({ speed: 1.2 });
    const far = task({ nodes: [node(30, 0), node(60, 0)] });
    await send(robot, 'runTask', { runId: 'run-3', task: far });
    await until(() => stepsOf('run-3').includes('started'));
    expect(robot.mode).toBe('patrolling');
    const second = await send(robot, 'runTask', { runId: 'run-4', task: far });
    await until(() => replies.some((r) => r.id === second));
    expect(replies.find((r) => r.id === second)).toMatchObject({ phase: 'sync', code: 3, message: 'busy' });

    await send(robot, 'pauseTask', {});
    await until(() => stepsOf('run-3').includes('paused'));
    const held = robot.location;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(robot.location).toEqual(held);
    await send(robot, 'resumeTask', {});
    await until(() => stepsOf('run-3').includes('resumed'));

    await send(robot, 'returnToBase', {});
    await until(() => stepsOf('run-3').includes('failed'));
    expect(reports.get('run-3')!.at(-1)).toMatchObject({ step: 'failed', reason: RUN_REASON_RETURNED_TO_BASE });
    expect(robot.mode).toBe('returning');
  });

  it('obeys its fences: a path into a forbidden fence ends the run as failed, naming the fence', async () => {
    const robot = await robotWith();
    const [lat0, lng0] = offset(base, 4, -5);
    const [lat1, lng1] = offset(base, 6, 5);
    robot.config = {
      ts: Date.now(),
      multicast: null,
      fences: [
        {
          fenceId: 1,
          name: 'Pond',
          kind: 'forbidden',
          priority: 1,
          points: [
            [lng0, lat0],
            [lng1, lat0],
            [lng1, lat1],
            [lng0, lat1],
          ],
        },
      ],
    };
    await send(robot, 'runTask', { runId: 'run-7', task: task({ nodes: [node(2, 0), node(10, 0)] }) });
    await until(() => stepsOf('run-7').includes('failed'));
    expect(stepsOf('run-7')).toEqual(['started', 'nodeReached', 'actionDone', 'failed']);
    expect(reports.get('run-7')!.at(-1)!.reason).toBe('blocked by the fence "Pond"');
    // It stopped outside the fence.
    expect(robot.location[1]).toBeLessThan(lng0);
  });

  it('can be told to fail its run', async () => {
    const robot = await robotWith({ failRunAfterNodes: 1 });
    await send(robot, 'runTask', { runId: 'run-5', task: task() });
    await until(() => stepsOf('run-5').includes('failed'));
    expect(stepsOf('run-5')).toEqual(['started', 'nodeReached', 'failed']);
    expect(reports.get('run-5')!.at(-1)!.reason).toBe('simulated failure');

    const other = await robotWith({ speed: 1.2 });
    await send(other, 'runTask', { runId: 'run-6', task: task({ nodes: [node(40, 0), node(80, 0)] }) });
    await until(() => stepsOf('run-6').includes('started'));
    expect(other.failRun('failed by the operator')).toBe(true);
    await until(() => stepsOf('run-6').includes('failed'));
    expect(other.mode).toBe('idle');
  });
});
