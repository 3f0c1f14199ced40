import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  FENCE_EVENT_CODES,
  SLOW_ZONE_FACTOR,
  robotEvent,
  type RobotConfig,
  type RobotEvent,
} from '@patrol/contracts';
import { fenceRuleAt, SimRobot, type SimFence } from './robot.js';
import { advanceAlong, insideArea, makeRoute, type LatLng } from './route.js';

const route = makeRoute(DEFAULT_MAP_CENTER, 0);
const start = route.points[0]!;
const EARTH_M = 6_371_000;
/** The point `east` and `north` metres from `p`. */
const at = (p: LatLng, east: number, north: number): LatLng => [
  p[0] + ((north / EARTH_M) * 180) / Math.PI,
  p[1] + ((east / (EARTH_M * Math.cos((p[0] * Math.PI) / 180))) * 180) / Math.PI,
];
/** A fence box from `west`..`east`, `south`..`north` metres around `p`, as `[lng, lat]` nodes. */
const box = (p: LatLng, west: number, south: number, east: number, north: number): [number, number][] =>
  [at(p, west, south), at(p, east, south), at(p, east, north), at(p, west, north)].map(([lat, lng]) => [lng, lat]);
const fence = (
  name: string,
  kind: SimFence['kind'],
  points: [number, number][],
  priority = 1,
  fenceId = 1,
): SimFence => ({ fenceId, name, kind, priority, points });
const configWith = (fences: SimFence[]): RobotConfig => ({
  ts: Date.now(),
  multicast: null,
  station: { stationId: 1, name: 'Site', area: box(start, -200, -200, 200, 200) },
  fences,
});

const newRobot = (serial: string, brokerUrl = 'mqtt://127.0.0.1:1') =>
  new SimRobot({
    serial,
    privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyVersion: 1,
    brokerUrl,
    route,
    // The test steps the robot itself.
    telemetryMs: 3_600_000,
    eventChance: 0,
    uploadChance: 0,
  });

/** Steps the robot `count` seconds, one tick a second, from `from` on; returns the time reached. */
function run(robot: SimRobot, count: number, from: number, each?: () => void) {
  let now = from;
  for (let i = 0; i < count; i++) {
    now += 1000;
    robot.tick(now);
    each?.();
  }
  return now;
}

describe('fences the simulated robot obeys', () => {
  it('lets the highest priority rule where fences overlap, and keeps a robot with patrol areas inside them', () => {
    const point = at(start, 5, 0);
    const forbidden = fence('Pond', 'forbidden', box(start, 0, -10, 10, 10), 2);
    const patrol = fence('Yard', 'patrol', box(start, -20, -20, 20, 20), 5);
    const slow = fence('Lawn', 'slow', box(start, 0, -10, 10, 10), 2);
    expect(insideArea(point, forbidden.points)).toBe(true);
    expect(fenceRuleAt(point, []).rule).toBe('free');
    expect(fenceRuleAt(point, [forbidden]).rule).toBe('forbidden');
    expect(fenceRuleAt(point, [forbidden, patrol]).rule).toBe('free');
    expect(fenceRuleAt(point, [{ ...forbidden, priority: 9 }, patrol])).toMatchObject({ rule: 'forbidden' });
    // Equal priorities: the upper layer (first) rules.
    expect(fenceRuleAt(point, [slow, forbidden]).rule).toBe('slow');
    expect(fenceRuleAt(at(start, 50, 0), [patrol]).rule).toBe('outside');
    expect(fenceRuleAt(at(start, 50, 0), [forbidden]).rule).toBe('free');
  });

  it('runs its loop backwards once turned', () => {
    // From the base, along the loop is east (leg 0); back along it is towards the last corner (north).
    const along = advanceAlong(route, 0, start, 10, 1);
    const back = advanceAlong(route, 0, start, 10, -1);
    expect(along.position[1]).toBeGreaterThan(start[1]);
    expect(back.position[0]).toBeGreaterThan(start[0]);
    expect(Math.abs(back.position[1] - start[1])).toBeLessThan(1e-9);
    expect(back.leg).toBe(3);
  });

  it('turns back before a forbidden fence across its route and never enters it', () => {
    const robot = newRobot('F-TURN');
    robot.mode = 'patrolling';
    robot.battery = 100;
    // Across the first leg, 10 to 20 m east of the base.
    const pond = fence('Pond', 'forbidden', box(start, 10, -5, 20, 5));
    robot.config = configWith([pond]);
    let entered = false;
    run(robot, 400, Date.now(), () => {
      if (insideArea(robot.location, pond.points)) entered = true;
    });
    expect(entered).toBe(false);
    expect(robot.turns).toBeGreaterThanOrEqual(2);
    expect(robot.inForbidden).toBeNull();
    // Without the fence the same walk crosses that spot.
    const free = newRobot('F-FREE');
    free.mode = 'patrolling';
    free.battery = 100;
    let crossed = false;
    run(free, 20, Date.now(), () => {
      if (insideArea(free.location, pond.points)) crossed = true;
    });
    expect(crossed).toBe(true);
    expect(free.turns).toBe(0);
  });

  it('goes round a forbidden fence on its way home and arrives', () => {
    const robot = newRobot('F-HOME');
    robot.battery = 100;
    // On the first leg, 60 m east of the base: home is straight west, through the pond.
    robot.moveTo(at(start, 60, 0));
    const pond = fence('Pond', 'forbidden', box(start, 20, -8, 40, 8));
    robot.config = configWith([pond]);
    robot.mode = 'returning';
    let entered = false;
    run(robot, 600, Date.now(), () => {
      if (insideArea(robot.location, pond.points)) entered = true;
    });
    expect(entered).toBe(false);
    expect(['charging', 'idle']).toContain(robot.mode);
    expect(robot.location[0]).toBeCloseTo(start[0], 9);
    expect(robot.location[1]).toBeCloseTo(start[1], 9);
  });

  it('stays inside its patrol area', () => {
    const robot = newRobot('F-AREA');
    robot.mode = 'patrolling';
    robot.battery = 100;
    // Covers the base and the first 30 m of the first leg only.
    const yard = fence('Yard', 'patrol', box(start, -5, -5, 30, 5));
    robot.config = configWith([yard]);
    run(robot, 200, Date.now(), () => expect(insideArea(robot.location, yard.points)).toBe(true));
    expect(robot.turns).toBeGreaterThanOrEqual(2);
  });

  it('slows down in a slow zone', () => {
    const robot = newRobot('F-SLOW');
    robot.mode = 'patrolling';
    robot.battery = 100;
    robot.config = configWith([fence('Lawn', 'slow', box(start, -5, -5, 30, 5))]);
    const t0 = Date.now();
    robot.tick(t0);
    robot.tick(t0 + 1000);
    expect(robot.telemetry().speed).toBeLessThanOrEqual(1.5 * 1.1 * SLOW_ZONE_FACTOR + 0.01);
    expect(robot.telemetry().speed).toBeGreaterThan(0);
  });

  describe('on the wire', () => {
    let broker: Aedes;
    let server: Server;
    let url: string;
    let control: mqtt.MqttClient;
    const events: RobotEvent[] = [];
    beforeAll(async () => {
      broker = await Aedes.createBroker();
      server = createServer(broker.handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      control = await mqtt.connectAsync(url, { clientId: 'fence-control' });
      await control.subscribeAsync('patrol/+/event', { qos: 1 });
      control.on('message', (_topic, payload) => events.push(robotEvent.parse(JSON.parse(payload.toString()))));
    });
    afterAll(async () => {
      await control.endAsync();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const waitFor = async <T>(probe: () => T | undefined, ms = 3000): Promise<T> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = probe();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    it('reads its fences from the retained config, raises an intrusion once when fenced in, and clears it when out', async () => {
      const robot = newRobot('F-WIRE', url);
      robot.mode = 'idle';
      const pond = fence('Pond', 'forbidden', box(start, -10, -10, 10, 10), 3, 42);
      // Retained before the robot connects: it gets it on connect.
      await control.publishAsync('patrol/F-WIRE/config', JSON.stringify(configWith([pond])), { qos: 1, retain: true });
      await robot.connect();
      try {
        await waitFor(() => robot.fences.length === 1 || undefined);
        expect(robot.fences[0]).toMatchObject({ fenceId: 42, name: 'Pond', kind: 'forbidden' });
        const t0 = Date.now();
        robot.tick(t0);
        robot.tick(t0 + 1000);
        const intrusion = await waitFor(() => events.find((e) => e.code === FENCE_EVENT_CODES.intrusion));
        expect(intrusion).toMatchObject({ kind: 'sentiment', level: 2, message: 'Inside the forbidden fence "Pond"' });
        expect(intrusion.position?.lat).toBeCloseTo(start[0], 6);
        expect(robot.inForbidden?.fenceId).toBe(42);

        robot.moveTo(at(start, 0, 30));
        robot.tick(t0 + 2000);
        const cleared = await waitFor(() => events.find((e) => e.code === FENCE_EVENT_CODES.cleared));
        expect(cleared.level).toBe(0);
        expect(cleared.kind).toBeUndefined();
        expect(robot.inForbidden).toBeNull();
        expect(events.filter((e) => e.code === FENCE_EVENT_CODES.intrusion)).toHaveLength(1);

        // The fence removed by a new config: the robot walks where it was.
        await control.publishAsync('patrol/F-WIRE/config', JSON.stringify(configWith([])), { qos: 1, retain: true });
        await waitFor(() => robot.fences.length === 0 || undefined);
      } finally {
        await robot.disconnect();
      }
    });
  });
});
