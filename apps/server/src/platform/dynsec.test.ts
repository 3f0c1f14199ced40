import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RobotLive } from '@patrol/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/create-test-app.js';
import { as, login, makeTenant } from '../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../test/robots.js';
import { derivedPassword } from '../modules/robots/robots.service.js';
import { ADMIN_ACCOUNT } from '../seed.js';
import { freePort } from '../../test/net.js';

const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));
const ADMIN_PASSWORD = 'Dynsec-admin-1x';

/**
 * A Mosquitto of the test's own, on a free port, whose dynamic-security plugin enforces robot
 * identities: the console provisions each robot there and the broker alone decides who gets in
 * and which topics they may use.
 */
const hasPlugin = Boolean(MOSQUITTO) && existsSync(PLUGIN);
/** CI that names a Mosquitto (TEST_MQTT_URL) has the plugin too: missing there, the suite fails instead of skipping. */
const required = process.env.CI === 'true' && Boolean(process.env.TEST_MQTT_URL?.trim());

describe.skipIf(!hasPlugin && !required)('robot identity on Mosquitto with dynamic security', () => {
  let dir: string;
  let broker: ChildProcess;
  let url: string;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    if (!hasPlugin) throw new Error(`Mosquitto and ${PLUGIN} are needed here (apt-get install mosquitto)`);
    dir = await mkdtemp(path.join(tmpdir(), 'patrol-dynsec-'));
    // Started as root, Mosquitto runs as its own user, which reads and saves the plugin's file here.
    await chmod(dir, 0o777);
    const file = path.join(dir, 'dynsec.json');
    spawnSync('mosquitto_ctrl', ['dynsec', 'init', file, 'admin', ADMIN_PASSWORD]);
    // The console's own client also publishes commands and configs to the robots.
    const config = JSON.parse(await readFile(file, 'utf8')) as { roles: { rolename: string; acls: unknown[] }[] };
    config.roles
      .find((r) => r.rolename === 'admin')!
      .acls.push({ acltype: 'publishClientSend', topic: 'patrol/#', priority: 0, allow: true });
    await writeFile(file, JSON.stringify(config), { mode: 0o666 });
    await chmod(file, 0o666);
    const port = await freePort();
    await writeFile(
      path.join(dir, 'mosquitto.conf'),
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous false',
        'persistence false',
        `plugin ${PLUGIN}`,
        `plugin_opt_config_file ${file}`,
      ].join('\n'),
    );
    broker = spawn(MOSQUITTO!, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.destroy();
            resolve(true);
          }).on('error', () => resolve(false));
        }),
      10_000,
      'mosquitto',
    );
    url = `mqtt://127.0.0.1:${port}`;
    t = await createTestApp({ mqttUrl: url, mqttUsername: 'admin', mqttPassword: ADMIN_PASSWORD, mqttDynsec: true });
    token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    broker?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  const connectAs = (clientId: string, password: string, username = clientId) =>
    new Promise<mqtt.MqttClient>((resolve, reject) => {
      const client = mqtt.connect(url, { clientId, username, password, reconnectPeriod: 0, connectTimeout: 5000 });
      client.once('connect', () => resolve(client));
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
    });
  const liveOf = async (robotId: number) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/robot-server/monitor/live', headers: as(token) });
    return (res.json().data as RobotLive[]).find((r) => r.robotId === robotId);
  };
  const passwordOf = (robot: RegisteredRobot) => derivedPassword(robot.privateKey, robot.serial, robot.keyVersion);

  it('lets a provisioned robot in with its key, and it is commanded like on the embedded broker', async () => {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot, { brokerUrl: url, auth: 'derived' });
    await sim.connect();
    try {
      await until(async () => (await liveOf(robot.robotId))?.state, 8000, 'telemetry');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/robot-server/cmd/send',
        headers: as(token),
        payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: true } } },
      });
      expect(res.statusCode).toBe(200);
      await until(() => sim.lights, 8000, 'lights on');
    } finally {
      await sim.disconnect();
    }
  });

  it('gives a robot provisioned before the run topic existed that topic again (start-up refresh)', async () => {
    const robot = await registerRobot(t, token);
    const admin = await connectAs(`dynsec-admin-${Date.now()}`, ADMIN_PASSWORD, 'admin');
    const runTopic = `patrol/${robot.serial}/run`;
    try {
      // The role as it was provisioned before: without the run topic.
      await admin.publishAsync(
        '$CONTROL/dynamic-security/v1',
        JSON.stringify({
          commands: [
            {
              command: 'removeRoleACL',
              rolename: `patrol-robot-${robot.serial}`,
              acltype: 'publishClientSend',
              topic: runTopic,
            },
          ],
        }),
        { qos: 1 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.app.provisioner!.refreshRobotRoles([robot.serial]);
      const got: string[] = [];
      admin.on('message', (topic) => got.push(topic));
      await admin.subscribeAsync(runTopic, { qos: 1 });
      const client = await connectAs(robot.serial, passwordOf(robot));
      try {
        const report = { id: 'r1', runId: '1', ts: Date.now(), step: 'started' };
        await client.publishAsync(runTopic, JSON.stringify(report), { qos: 1 });
        await until(() => got.includes(runTopic), 5000, 'the run report');
      } finally {
        await client.endAsync();
      }
    } finally {
      await admin.endAsync();
    }
  });

  it("refuses a forged key and another robot's password", async () => {
    const robot = await registerRobot(t, token);
    const other = await registerRobot(t, token);
    const forged = {
      ...robot,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    await expect(connectAs(robot.serial, passwordOf(forged))).rejects.toThrow();
    await expect(connectAs(robot.serial, passwordOf(other))).rejects.toThrow();
    await expect(connectAs(robot.serial, passwordOf(robot), other.serial)).rejects.toThrow();
    const good = await connectAs(robot.serial, passwordOf(robot));
    await good.endAsync();
  });

  it("keeps a robot to its own topics: another robot's commands and state are out of reach", async () => {
    const robot = await registerRobot(t, token);
    const victim = await registerRobot(t, token);
    const client = await connectAs(robot.serial, passwordOf(robot));
    try {
      await expect(client.subscribeAsync(`patrol/${victim.serial}/cmd`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
      await expect(client.subscribeAsync('patrol/#', { qos: 0 })).rejects.toThrow(/Subscribe error/);
      await client.publishAsync(`patrol/${victim.serial}/online`, JSON.stringify({ online: true }), {
        qos: 1,
        retain: true,
      });
      // Sentinel: its own presence, published after the forged one on the same connection, arrives in order.
      await client.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true }), { qos: 1 });
      await until(async () => (await liveOf(robot.robotId))?.online, 8000, 'the sentinel');
      expect(await liveOf(victim.robotId)).toMatchObject({ online: false, lastSeenTime: null });
    } finally {
      await client.endAsync();
    }
  });

  it("disables the clients of a disabled tenant's robots (disconnected, refused) and enables them again", async () => {
    const tenant = await makeTenant(t);
    const robot = await registerRobot(t, token, undefined, { 'tenant-id': String(tenant.id) });
    const setStatus = (status: 0 | 1) =>
      t.app.inject({
        method: 'POST',
        url: '/api/system-server/tenant/status',
        headers: as(token),
        payload: { tenantId: tenant.id, status },
      });
    const client = await connectAs(robot.serial, passwordOf(robot));
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect((await setStatus(0)).statusCode).toBe(200);
    await gone;
    client.end(true);
    await until(
      () =>
        connectAs(robot.serial, passwordOf(robot)).then(
          (c) => (c.end(true), false),
          () => true,
        ),
      8000,
      'the refusal',
    );
    expect((await setStatus(1)).statusCode).toBe(200);
    const again = await until(
      () => connectAs(robot.serial, passwordOf(robot)).catch(() => undefined),
      8000,
      'the robot back',
    );
    await again.endAsync();
  });

  it('after a key rotation the old key no longer opens the broker; after deletion nothing does', async () => {
    const robot = await registerRobot(t, token);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/rotateKey',
      headers: as(token),
      payload: { robotId: robot.robotId },
    });
    const { privateKey, robot: row } = rotated.json().data;
    await expect(connectAs(robot.serial, passwordOf(robot))).rejects.toThrow();
    const fresh = { ...robot, privateKey, keyVersion: row.keyVersion };
    (await connectAs(robot.serial, passwordOf(fresh))).end(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/delete',
      headers: as(token),
      payload: { robotId: robot.robotId },
    });
    await expect(connectAs(robot.serial, passwordOf(fresh))).rejects.toThrow();
  });
});
