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
  /** The robots' messages come from the test, not from a broker. */
  const gateway: MqttGateway = {
    kind: 'embedded',
    connected: () => true,
    publish: async () => 'sent' as const,
    on: (kind, handler) => handlers.set(kind, handler),
    admit: () => undefined,
    onLink: () => undefined,
    receive: () => undefined,
    close: async () => undefined,
    droppedStates: () => 0,
  };
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
});
