import { COMMAND_RESULT_TIMEOUT_MS, type CommandRecord, type RobotLive } from '@patrol/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket } from '../../../test/socket-client.js';

const LIVE = '/api/robot-server/monitor/live';
const SEND = '/api/robot-server/cmd/send';
const GRANTS = ['POST /api/robot-server/robot/create', `GET ${LIVE}`, `POST ${SEND}`, 'GET /api/robot-server/cmd/page'];

/**
 * A robot that accepts every command (its sync answer) and then goes silent, as one that crashed
 * before it could send the result.
 */
async function acceptingRobot(t: TestApp, robot: RegisteredRobot) {
  const password = await simRobot(t, robot).token();
  const client = await mqtt.connectAsync(t.app.robotBrokerUrl(), {
    clientId: robot.serial,
    username: robot.serial,
    password,
    reconnectPeriod: 0,
  });
  await client.subscribeAsync(`patrol/${robot.serial}/cmd`, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const { id } = JSON.parse(payload.toString()) as { id: string };
    void client.publishAsync(
      `patrol/${robot.serial}/cmd/reply`,
      JSON.stringify({ id, phase: 'sync', code: 0, ts: Date.now() }),
      { qos: 1 },
    );
  });
  await client.publishAsync(`patrol/${robot.serial}/online`, JSON.stringify({ online: true, ts: Date.now() }), {
    qos: 1,
    retain: true,
  });
  return client;
}

describe('a command whose robot accepted it and never sent the result', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    const tenantId = (await makeTenant(t)).id;
    const user = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    userId = user.id;
    token = await login(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: as(token) })).json().data as T;
  const recordOf = async (commandId: string) =>
    (await get<{ rows: CommandRecord[] }>(`/api/robot-server/cmd/page?keyword=${commandId}`)).rows[0];

  it('ends as noResult once the result deadline has passed, pushed to watching consoles', async () => {
    const robot = await registerRobot(t, token);
    const client = await acceptingRobot(t, robot);
    const socket = await openSocket(`${base}${userId}`);
    try {
      await until(async () => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robot.robotId)?.online);
      socket.send({ type: 'auth', token, lang: 'en-US' });
      expect((await socket.next()).type).toBe('ready');
      socket.send({ type: 'subscribe', topic: 'robots' });
      const res = await t.app.inject({
        method: 'POST',
        url: SEND,
        headers: as(token),
        payload: { robotId: robot.robotId, command: { name: 'returnToBase', args: {} } },
      });
      expect(res.statusCode).toBe(200);
      const { commandId } = res.json().data as CommandRecord;
      const acked = await until(async () => {
        const r = await recordOf(commandId);
        return r?.status === 'acknowledged' ? r : undefined;
      });

      // Before the deadline, and past the command's expiry, it stays accepted: a result may still come.
      await t.app.commands.sweepExpired(new Date(Date.parse(acked.ackTime!) + COMMAND_RESULT_TIMEOUT_MS - 1000));
      expect((await recordOf(commandId))?.status).toBe('acknowledged');

      await t.app.commands.sweepExpired(new Date(Date.parse(acked.ackTime!) + COMMAND_RESULT_TIMEOUT_MS + 1000));
      const closed = await recordOf(commandId);
      expect(closed).toMatchObject({ status: 'noResult', syncCode: 0, asyncCode: null });
      expect(closed?.doneTime).not.toBeNull();
      for (;;) {
        const message = await socket.next(5000);
        if (message.type === 'command' && message.data.commandId === commandId && message.data.status === 'noResult') {
          break;
        }
      }

      // A result arriving after that changes nothing: the command has ended.
      await client.publishAsync(
        `patrol/${robot.serial}/cmd/reply`,
        JSON.stringify({ id: commandId, phase: 'async', code: 0, ts: Date.now() }),
        { qos: 1 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await recordOf(commandId))?.status).toBe('noResult');
    } finally {
      socket.ws.close();
      await client.endAsync();
    }
  });
});
