import { randomBytes } from 'node:crypto';
import type { CommandRecord, SocketServerMessage } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, TEST_ADMIN_PASSWORD, type TestApp } from '../test/create-test-app.js';
import { as, login } from '../test/factories.js';
import { registerRobot, simRobot, until } from '../test/robots.js';
import { openSocket, type TestSocket } from '../test/socket-client.js';
import { openDatabase, type Database } from './platform/db.js';
import { createRedisBus } from './platform/redis-bus.js';
import { ADMIN_ACCOUNT } from './seed.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.TEST_REDIS_URL?.trim();
const mqttUrl = process.env.TEST_MQTT_URL?.trim();
// Runs whenever all three are set; an unreachable one is then a failure, never a skip.

/**
 * Two server instances sharing one PostgreSQL database, a Redis bus and an external broker (shared
 * subscription): what either receives from a robot reaches the consoles of both, and a command
 * sent through either reaches the robot exactly once.
 */
describe.skipIf(!databaseUrl || !redisUrl || !mqttUrl)('two server instances', () => {
  const apps: TestApp[] = [];
  const extraDatabases: Database[] = [];
  let drop: () => Promise<void>;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    const second = await openDatabase({ databaseUrl: made.url!, pgliteDir: null });
    extraDatabases.push(second);
    const prefix = `patrol-test:${randomBytes(4).toString('hex')}:`;
    const group = `patrol-test-${randomBytes(4).toString('hex')}`;
    for (const database of [made.database, second]) {
      const bus = await createRedisBus(redisUrl!, { prefix });
      const t = await createTestApp({ database, bus, mqttUrl: mqttUrl!, mqttShareGroup: group });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(t);
    }
    token = await login(apps[0]!.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const me = await apps[1]!.app.inject({
      method: 'GET',
      url: '/api/system-server/user/get/home/date',
      headers: as(token),
    });
    userId = me.json().data.loginUser.userId;
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const database of extraDatabases) await database.close();
    await drop?.();
  });

  const watch = async (t: TestApp): Promise<TestSocket> => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/ws/msg/${userId}`);
    socket.send({ type: 'auth', token });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'robots' });
    return socket;
  };
  const seenOnline = async (socket: TestSocket, robotId: number) => {
    for (;;) {
      const m: SocketServerMessage = await socket.next(10_000);
      if (m.type === 'robots' && m.data.some((r) => r.robotId === robotId && r.online && r.state)) return true;
    }
  };

  it("brings a robot's state to consoles on both instances and each command to the robot once", async () => {
    const consoles = [await watch(apps[0]!), await watch(apps[1]!)];
    for (const c of consoles) expect((await c.next()).type).toBe('robots');
    // Registered through the first instance: the second one's console learns of it over the bus.
    const robot = await registerRobot(apps[0]!, token);
    const announced = await consoles[1]!.next(5000);
    expect(announced).toMatchObject({ type: 'robots', data: [{ robotId: robot.robotId, online: false, state: null }] });
    const sim = simRobot(apps[0]!, robot, { brokerUrl: mqttUrl! });
    await sim.connect();
    try {
      await Promise.all(consoles.map((c) => seenOnline(c, robot.robotId)));

      const sent: CommandRecord[] = [];
      for (const t of apps) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/robot-server/cmd/send',
          headers: as(token),
          payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: sent.length === 0 } } },
        });
        expect(res.statusCode).toBe(200);
        sent.push(res.json().data as CommandRecord);
      }
      for (const record of sent) {
        // Settled whichever instance took the replies, and seen as done through both.
        for (const t of apps) {
          await until(
            async () => {
              const page = await t.app.inject({
                method: 'GET',
                url: `/api/robot-server/cmd/page?keyword=${record.commandId}`,
                headers: as(token),
              });
              return page.json().data.rows[0]?.status === 'done';
            },
            10_000,
            `command ${record.commandId} done on every instance`,
          );
        }
      }
      // Sentinel: one more command through each instance; a second copy of an earlier one, published
      // by either instance, would reach the robot before that instance's sentinel.
      const sentinels: string[] = [];
      for (const t of apps) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/robot-server/cmd/send',
          headers: as(token),
          payload: { robotId: robot.robotId, command: { name: 'lights', args: { on: false } } },
        });
        sentinels.push((res.json().data as CommandRecord).commandId);
      }
      await until(() => sentinels.every((id) => sim.received.some((c) => c.id === id)), 10_000, 'the sentinels');
      expect(sim.received.map((c) => c.id).sort()).toEqual([...sent.map((r) => r.commandId), ...sentinels].sort());
      expect(sim.lights).toBe(false);
    } finally {
      await sim.disconnect();
      for (const c of consoles) c.ws.close();
    }
  });
});
