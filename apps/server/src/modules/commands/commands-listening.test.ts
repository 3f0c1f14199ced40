import type { CommandRecord, RobotLive } from '@patrol/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';

const LIVE = '/api/robot-server/monitor/live';
const SEND = '/api/robot-server/cmd/send';
const GRANTS = ['POST /api/robot-server/robot/create', `GET ${LIVE}`, `POST ${SEND}`, 'GET /api/robot-server/cmd/page'];
/** The machine's broker (CI: Mosquitto on 127.0.0.1:1883) when TEST_MQTT_URL is set. */
const external = process.env.TEST_MQTT_URL?.trim();
const BROKERS: ['embedded' | 'external', string | undefined][] = [
  ['embedded', undefined],
  ...(external ? [['external', external] as ['external', string]] : []),
];

describe.each(BROKERS)('a command to a robot that does not listen for commands, on the %s broker', (_kind, mqttUrl) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(mqttUrl ? { mqttUrl } : {});
    const tenantId = (await makeTenant(t)).id;
    const user = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: as(token) })).json().data as T;

  it('is refused at once with a localised reason and recorded as failed, instead of expiring later', async () => {
    const robot = await registerRobot(t, token);
    // Online (its presence says so) but subscribed to nothing: a robot whose command handling is broken.
    const client = await mqtt.connectAsync(t.app.robotBrokerUrl(), {
      clientId: robot.serial,
      username: robot.serial,
      password: await simRobot(t, robot).token(),
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true, ts: Date.now() }), {
        qos: 1,
        retain: true,
      });
      await until(async () => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robot.robotId)?.online);
      const send = (lang: string) =>
        t.app.inject({
          method: 'POST',
          url: SEND,
          headers: as(token, { lang }),
          payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: true } } },
        });
      const started = Date.now();
      const res = await send('zh-CN');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('机器人未在接收指令（未订阅指令主题），指令未下发');
      expect((await send('en-US')).json().message).toMatch(/^The robot is not listening for commands/);
      const page = await get<{ rows: CommandRecord[] }>(`/api/robot-server/cmd/page?robotId=${robot.robotId}`);
      expect(page.rows.map((r) => [r.status, r.message])).toEqual([
        ['failed', 'no subscriber'],
        ['failed', 'no subscriber'],
      ]);

      // Once it subscribes, the same command goes through.
      await client.subscribeAsync(`patrol/${robot.serial}/cmd`, { qos: 1 });
      expect((await send('en-US')).statusCode).toBe(200);
    } finally {
      await client.publishAsync(`patrol/${robot.serial}/online`, '', { qos: 1, retain: true });
      await client.endAsync();
    }
  });
});
