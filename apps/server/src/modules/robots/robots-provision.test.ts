import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant } from '../../../test/factories.js';
import { uniqueSerial } from '../../../test/robots.js';
import type { AuthContext } from '../../platform/auth.js';
import type { RobotProvisioner } from '../../platform/dynsec.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { findRobot, findRobotBySerial } from './robots.repository.js';
import { createRobotsService } from './robots.service.js';

/** A broker that takes provisioning requests and answers only when the test says so. */
function heldProvisioner() {
  const pending: { serial: string; settle: (error?: Error) => void }[] = [];
  const provisioner: RobotProvisioner = {
    upsertRobot: (serial) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ serial, settle: (error) => (error ? reject(error) : resolve()) });
      }),
    removeRobot: async () => undefined,
    setRobotsEnabled: async () => undefined,
    refreshRobotRoles: async () => undefined,
    close: async () => undefined,
  };
  return { provisioner, pending };
}

describe('registering robots on a broker that is slow to answer', () => {
  let t: TestApp;
  let token: string;
  let caller: AuthContext;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const tenant = await makeTenant(t);
    caller = {
      userId: 1,
      tenantId: tenant.id,
      homeTenantId: 1,
      platformAdmin: true,
      sessionId: 0,
      sessionExpiresAt: new Date(Date.now() + 60_000),
      account: ADMIN_ACCOUNT,
      username: ADMIN_ACCOUNT,
      roles: [],
    };
  });
  afterAll(() => t.close());

  /** Another console's request, timed while the broker has not answered yet. */
  const timedList = async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/robot-server/robot/page?index=1', headers: as(token) });
    return { status: res.statusCode, ms: Date.now() - started };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('answers other requests at once while a registration waits for the broker, and undoes the robot the broker refused', async () => {
    const held = heldProvisioner();
    const robots = createRobotsService(t.app.ctx, held.provisioner);
    const serial = uniqueSerial('P');
    const creating = robots.create(caller, { productId: 'PR-1000', serialNumber: serial, name: 'Held robot' });
    creating.catch(() => undefined);
    await until(() => held.pending.length === 1);
    expect(held.pending).toHaveLength(1);
    const list = await timedList();
    expect(list.status).toBe(200);
    expect(list.ms).toBeLessThan(1000);
    held.pending[0]!.settle(new Error('dynamic security did not answer'));
    await expect(creating).rejects.toMatchObject({ status: 503 });
    // Nothing is left of a robot whose key was never handed out.
    expect(await findRobotBySerial(t.db, serial)).toBeUndefined();
  });

  it('keeps the current key when the broker refuses a rotation, and hands out the new one when it answers', async () => {
    const held = heldProvisioner();
    const robots = createRobotsService(t.app.ctx, held.provisioner);
    const creating = robots.create(caller, { productId: 'PR-1000', serialNumber: uniqueSerial('P'), name: 'Rotated' });
    await until(() => held.pending.length === 1);
    held.pending[0]!.settle();
    const made = await creating;

    const rotating = robots.rotateKey(caller, made.robot.robotId);
    rotating.catch(() => undefined);
    await until(() => held.pending.length === 2);
    const list = await timedList();
    expect(list.status).toBe(200);
    expect(list.ms).toBeLessThan(1000);
    held.pending[1]!.settle(new Error('refused'));
    await expect(rotating).rejects.toMatchObject({ status: 503 });
    const kept = await findRobot(t.db, caller.tenantId, made.robot.robotId);
    expect(kept).toMatchObject({ keyVersion: made.robot.keyVersion, publicKey: made.robot.publicKey });

    const again = robots.rotateKey(caller, made.robot.robotId);
    await until(() => held.pending.length === 3);
    held.pending[2]!.settle();
    const rotated = await again;
    expect(rotated.robot.keyVersion).toBe(made.robot.keyVersion + 1);
    expect((await findRobot(t.db, caller.tenantId, made.robot.robotId))?.publicKey).toBe(rotated.robot.publicKey);
  });
});
