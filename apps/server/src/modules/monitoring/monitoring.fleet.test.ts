import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { login } from '../../../test/factories.js';
import { registerRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { PLATFORM_TENANT_ID } from '@patrol/contracts';
import { setRobotStoppedForRepair } from '../robots/robots.shared.js';

describe('the live fleet', () => {
  let t: TestApp;
  let robot: RegisteredRobot;

  beforeAll(async () => {
    t = await createTestApp();
    robot = await registerRobot(t, await login(t.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(() => t?.close());

  const liveRobot = () => t.app.monitoring.robotIn(PLATFORM_TENANT_ID, robot.robotId);

  it('takes presence and state from a telemetry batch, and what the robot is from its latest read', async () => {
    const before = await until(() => liveRobot(), 5000, 'the robot in the fleet');
    // A batch built from the robot's entry before it was read again (another instance's, or
    // this one's pending push) ...
    const stale = { ...before, name: 'Old name', stoppedForRepair: false };
    await setRobotStoppedForRepair(t.db, PLATFORM_TENANT_ID, robot.robotId, true);
    await t.bus.publish('robots.changed', { robotIds: [robot.robotId] });
    await until(() => liveRobot()?.stoppedForRepair, 5000, 'the robot read again');
    // ... arrives after that read: its presence applies, not its old copy of the robot.
    const seen = new Date(Date.now() + 1000).toISOString();
    await t.bus.publish('fleet.states', {
      items: [{ tenantId: PLATFORM_TENANT_ID, robot: { ...stale, online: true, lastSeenTime: seen } }],
    });
    expect(liveRobot()).toMatchObject({
      online: true,
      lastSeenTime: seen,
      name: before.name,
      stoppedForRepair: true,
    });
  });
});
