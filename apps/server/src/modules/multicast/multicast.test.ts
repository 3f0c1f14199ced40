import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';

const BASE = '/api/robot-server/multicast';
const FORM = {
  name: 'East gate',
  enabled: true,
  ip: '239.1.2.3',
  telecontrolPort: 6000,
  telemetryPort: 6001,
  videoPort: 6002,
};

describe('multicast configs', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t);
    const admin = await makeUser(t, tenant.id, {
      roleCodes: ['tenantAdmin'],
      grants: [
        'POST /api/robot-server/robot/create',
        ...['GET page', 'POST create', 'POST update', 'POST delete'].map((r) => r.replace(' ', ` ${BASE}/`)),
      ],
    });
    token = await login(t.app, admin.account, admin.password);
  });
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(token, { lang }), payload: payload as object });

  it('checks name, IP and ports with localised messages and saves nothing bad', async () => {
    const bad = await post('create', {
      ...FORM,
      name: '',
      ip: '300.1.1.1',
      telecontrolPort: 80,
      videoPort: 6001,
      robotIds: [],
    });
    expect(bad.statusCode).toBe(422);
    const byPath = Object.fromEntries(
      bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(byPath).toMatchObject({
      name: 'Please enter the name',
      ip: 'Please enter a valid IP address',
      telecontrolPort: 'Ports are whole numbers from 1024 to 65535',
    });
    const long = await post('create', { ...FORM, name: 'x'.repeat(51), robotIds: [] }, 'zh-CN');
    expect(long.json().errors).toEqual([{ path: 'name', message: '名称长度为 1 到 50 个字符' }]);
    const same = await post('create', { ...FORM, videoPort: 6001, robotIds: [] });
    expect(same.json().errors).toEqual([
      { path: 'videoPort', message: 'The telecontrol, telemetry and video ports must differ' },
    ]);
    const page = await t.app.inject({ method: 'GET', url: `${BASE}/page`, headers: as(token) });
    expect(page.json().data.total).toBe(0);
  });

  it('pushes the config to its robots, its changes too, and tells a robot taken out that it has none', async () => {
    const robot = await registerRobot(t, token);
    const other = await registerRobot(t, token);
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      const made = await post('create', { ...FORM, robotIds: [robot.robotId] });
      expect(made.statusCode).toBe(200);
      const row = made.json().data;
      expect(row.robots).toEqual([{ robotId: robot.robotId, name: expect.any(String), serialNumber: robot.serial }]);
      await until(() => sim.config?.multicast?.ip === '239.1.2.3', 5000, 'the pushed config');

      const taken = await post('create', { ...FORM, name: 'Second', robotIds: [robot.robotId] });
      expect(taken.statusCode).toBe(409);

      await post('update', { ...FORM, multicastId: row.multicastId, telemetryPort: 7001, robotIds: [robot.robotId] });
      await until(() => sim.config?.multicast?.telemetryPort === 7001, 5000, 'the changed port');
      await post('update', { ...FORM, multicastId: row.multicastId, robotIds: [other.robotId] });
      await until(() => sim.config && sim.config.multicast === null, 5000, 'the removal');
    } finally {
      await sim.disconnect();
    }
  });

  it('gives a robot that connects later the config it belongs to', async () => {
    const robot = await registerRobot(t, token);
    await post('create', { ...FORM, name: 'Later', ip: 'ff02::1', robotIds: [robot.robotId] });
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      await until(() => sim.config?.multicast?.ip === 'ff02::1', 5000, 'the config on connect');
      expect(sim.config?.consoleKey).toBe(t.app.consoleKey.publicKeyPem);
    } finally {
      await sim.disconnect();
    }
  });

  it("gives every robot the console's key on connect, with no multicast config", async () => {
    const robot = await registerRobot(t, token);
    const sim = simRobot(t, robot);
    await sim.connect();
    try {
      const config = await until(() => sim.config, 5000, 'the config on connect');
      expect(config.multicast).toBeNull();
      expect(config.consoleKey).toBe(t.app.consoleKey.publicKeyPem);
      expect(config.consoleKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    } finally {
      await sim.disconnect();
    }
  });
});
