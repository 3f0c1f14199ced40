import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import { makeRoute, SimRobot } from '@patrol/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { login } from '../../../test/factories.js';
import { registerRobot, type RegisteredRobot } from '../../../test/robots.js';
import type { InboundHandler, InboundKind, MqttGateway } from '../../platform/mqtt.js';
import { findRobotById } from '../robots/robots.shared.js';
import { createMonitoringService, type MonitoringService } from './monitoring.service.js';

/** More robots than one statement of the state write takes. */
const ROBOTS = 120;

/** The robots' messages come from the test, not from a broker: `handlers` gets what the service listens to. */
const testGateway = (handlers: Map<InboundKind, InboundHandler>): MqttGateway => ({
  kind: 'embedded',
  connected: () => true,
  publish: async () => 'sent' as const,
  on: (kind, handler) => handlers.set(kind, handler),
  admit: () => undefined,
  onLink: () => undefined,
  receive: () => undefined,
  close: async () => undefined,
  droppedStates: () => 0,
});

/**
 * The database, and a switch that holds its next update back `ms` before it runs (a slow write on a
 * busy pool, which writes sent after it would overtake).
 */
function slowUpdates(db: TestApp['db'], ms: number) {
  let slow = false;
  const hold = <T extends object>(query: T): T =>
    new Proxy(query, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== 'function') return value;
        if (key === 'then')
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            new Promise((resolve) => setTimeout(resolve, ms))
              .then(() => (value as () => Promise<unknown>).call(target))
              .then(ok, fail);
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out && typeof out === 'object' ? hold(out) : out;
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key !== 'update' || !slow || typeof value !== 'function') return value;
      slow = false;
      return (...args: unknown[]) => hold((value as (...a: unknown[]) => object).apply(target, args));
    },
  });
  return { db: proxy, slowNext: () => (slow = true) };
}

const telemetry = (ts: number) => ({
  ...new SimRobot({
    serial: 'T',
    privateKey: '',
    keyVersion: 1,
    brokerUrl: '',
    route: makeRoute(DEFAULT_MAP_CENTER, 0),
  }).telemetry(),
  ts,
});

describe('the latest states written to the database', () => {
  let t: TestApp;
  let robots: RegisteredRobot[];
  let monitoring: MonitoringService;
  const handlers = new Map<InboundKind, InboundHandler>();
  const gateway = testGateway(handlers);
  const report = async (ts: number) => {
    for (const robot of robots)
      await handlers.get('state')!(robot.serial, telemetry(ts), `patrol/${robot.serial}/state`);
  };
  const savedTs = async () =>
    Promise.all(
      robots.map(async (robot) => ((await findRobotById(t.db, robot.robotId))?.lastState as { ts: number } | null)?.ts),
    );

  beforeAll(async () => {
    t = await createTestApp();
    const token = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
    robots = [];
    for (let i = 0; i < ROBOTS; i++) robots.push(await registerRobot(t, token));
    monitoring = createMonitoringService(t.app.ctx, { hub: t.app.hub, access: t.app.access, gateway, log: t.app.log });
    await monitoring.start();
  });
  afterAll(async () => {
    await monitoring.stop();
    await t.close();
  });

  it('writes every robot of a large fleet', async () => {
    await report(1000);
    await monitoring.flushStates();
    expect(await savedTs()).toEqual(robots.map(() => 1000));
  });

  it('never lets an older state land after a newer one', async () => {
    await report(2000);
    const first = monitoring.flushStates();
    await report(3000);
    const second = monitoring.flushStates();
    await Promise.all([first, second]);
    expect(await savedTs()).toEqual(robots.map(() => 3000));
  });

  it("stores a robot's presence in the order it was said, when a write is slow", async () => {
    const robot = robots[0]!;
    const slow = slowUpdates(t.db, 300);
    const mine = new Map<InboundKind, InboundHandler>();
    const service = createMonitoringService(
      { ...t.app.ctx, db: slow.db },
      { hub: t.app.hub, access: t.app.access, gateway: testGateway(mine), log: t.app.log },
    );
    await service.start();
    try {
      const topic = `patrol/${robot.serial}/online`;
      // Its last will, written slowly, then the robot back at once.
      slow.slowNext();
      const gone = mine.get('online')!(robot.serial, { online: false }, topic);
      const back = mine.get('online')!(robot.serial, { online: true }, topic);
      await Promise.all([gone, back]);
      const stored = await findRobotById(t.db, robot.robotId);
      expect(stored?.online).toBe(true);
      expect(service.robotIn(stored!.tenantId, robot.robotId)?.online).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
