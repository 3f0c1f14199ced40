import type { CommandRecord, RobotLive } from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';

const LIVE = '/api/robot-server/monitor/live';
const SEND = '/api/robot-server/cmd/send';
const PAGE = '/api/robot-server/cmd/page';
const GRANTS = ['POST /api/robot-server/robot/create', `GET ${LIVE}`, `POST ${SEND}`, `GET ${PAGE}`];
/** The machine's broker (CI: Mosquitto on 127.0.0.1:1883). */
const external = process.env.TEST_MQTT_URL?.trim();

/**
 * The server reaches the broker through a proxy that can cut it off, the robot reaches the broker
 * directly: a command goes out, the server loses its broker before the robot's answers come, and
 * those answers, published while nobody subscribed to them, are lost.
 */
describe.skipIf(!external)('a command whose answers were lost while the server was away from its broker', () => {
  let t: TestApp;
  let token: string;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const broker = new URL(external!);
    proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 1883) });
    t = await createTestApp({ mqttUrl: proxy.url(external!) });
    const tenantId = (await makeTenant(t)).id;
    const user = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, user.account, user.password);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: as(token) })).json().data as T;
  /** `patrol_commands_total{result="done"}` of a scrape of /metrics. */
  const doneCount = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^patrol_commands_total\{result="done"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
  };
  const record = async (robotId: number, commandId: string) =>
    (await get<{ rows: CommandRecord[] }>(`${PAGE}?robotId=${robotId}`)).rows.find((r) => r.commandId === commandId);

  it('ends done once the broker is back, carried out once: the server re-sends it and the robot answers from memory', async () => {
    const robot = await registerRobot(t, token);
    const sim: SimRobot = simRobot(t, robot, { brokerUrl: external! });
    await sim.connect();
    try {
      await until(async () => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robot.robotId)?.online);
      const doneBefore = await doneCount();
      const res = await t.app.inject({
        method: 'POST',
        url: SEND,
        headers: as(token),
        payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: true } } },
      });
      expect(res.statusCode).toBe(200);
      // The broker has the command; the server goes before the robot's answers (80 ms and 300 ms later).
      proxy.setMode('refuse');
      const sent = res.json().data as CommandRecord;
      await until(() => sim.received.some((c) => c.id === sent.commandId), 5000, 'the command at the robot');
      await until(() => !t.app.gateway.connected(), 5000, 'the broker link lost');
      // Both answers were published while the server was away.
      await new Promise((r) => setTimeout(r, 1000));
      expect(sim.lights).toBe(true);
      proxy.setMode('forward');

      const done = await until(
        async () => {
          const row = await record(robot.robotId, sent.commandId);
          return row?.status === 'done' ? row : undefined;
        },
        20_000,
        'the command done',
      );
      expect(done.syncCode).toBe(0);
      expect(done.asyncCode).toBe(0);
      // Re-sent with its own id and answered from the robot's memory, not carried out again.
      expect(sim.repeated).toContain(sent.commandId);
      expect(sim.received.filter((c) => c.id === sent.commandId)).toHaveLength(1);
      // Counted once among the commands done, however often its answers came.
      await new Promise((r) => setTimeout(r, 500));
      expect((await doneCount()) - doneBefore).toBe(1);
    } finally {
      await sim.disconnect({ silent: true }).catch(() => undefined);
    }
  }, 60_000);
});
