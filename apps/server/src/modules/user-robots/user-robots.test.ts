import type { RobotLive, SocketServerMessage } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser, type MadeUser } from '../../../test/factories.js';
import { registerRobot, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket } from '../../../test/socket-client.js';

const ROBOT_ROUTES = [
  'GET /api/robot-server/robot/page',
  'POST /api/robot-server/robot/create',
  'GET /api/robot-server/monitor/live',
  'POST /api/robot-server/cmd/send',
  'GET /api/robot-server/cmd/page',
  'GET /api/robot-server/user-robot/users',
  'GET /api/robot-server/user-robot/list',
  'POST /api/robot-server/user-robot/assign',
];

describe('which users see which robots', () => {
  let t: TestApp;
  let tenantId: number;
  let adminToken: string;
  let operator: MadeUser;
  let operatorToken: string;
  let robots: RegisteredRobot[];
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    tenantId = (await makeTenant(t)).id;
    // The tenant's administrator holds the fleet-wide role; the operator only the same grants.
    const admin = await makeUser(t, tenantId, { grants: ROBOT_ROUTES, roleCodes: ['tenantAdmin'] });
    adminToken = await login(t.app, admin.account, admin.password);
    operator = await makeUser(t, tenantId, { grants: ROBOT_ROUTES });
    operatorToken = await login(t.app, operator.account, operator.password);
    robots = [
      await registerRobot(t, adminToken),
      await registerRobot(t, adminToken),
      await registerRobot(t, adminToken),
    ];
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: as(token) });
  const assign = (userId: number, robotIds: number[], token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/robot-server/user-robot/assign',
      headers: as(token, { lang: 'en-US' }),
      payload: { userId, robotIds },
    });
  const liveIds = async (token: string) =>
    ((await get('/api/robot-server/monitor/live', token)).json().data as RobotLive[]).map((r) => r.robotId).sort();

  it('shows an operator only the robots assigned to them, everywhere; the administrator sees all', async () => {
    expect(await liveIds(operatorToken)).toEqual([]);
    expect((await get('/api/robot-server/robot/page', operatorToken)).json().data.total).toBe(0);
    expect(await liveIds(adminToken)).toEqual(robots.map((r) => r.robotId).sort());

    expect((await assign(operator.id, [robots[0]!.robotId, robots[2]!.robotId])).statusCode).toBe(200);
    expect(await liveIds(operatorToken)).toEqual([robots[0]!.robotId, robots[2]!.robotId].sort());
    const page = (await get('/api/robot-server/robot/page', operatorToken)).json().data;
    expect(page.rows.map((r: { robotId: number }) => r.robotId).sort()).toEqual(
      [robots[0]!.robotId, robots[2]!.robotId].sort(),
    );
    // A robot not assigned is not there for commands either (offline or not, it is unknown).
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/cmd/send',
      headers: as(operatorToken),
      payload: { robotId: robots[1]!.robotId, command: { name: 'powerOn' } },
    });
    expect(send.statusCode).toBe(404);

    const users = (await get('/api/robot-server/user-robot/users', adminToken)).json().data;
    expect(users.find((u: { userId: number }) => u.userId === operator.id)).toMatchObject({
      fleetWide: false,
      robotCount: 2,
    });
    const list = (await get(`/api/robot-server/user-robot/list?userId=${operator.id}`, adminToken)).json().data;
    expect(list.robotIds).toEqual([robots[0]!.robotId, robots[2]!.robotId].sort((a, b) => a - b));
  });

  it("gives a watching operator's console its new fleet as soon as the assignment changes", async () => {
    await assign(operator.id, [robots[0]!.robotId]);
    const socket = await openSocket(`${base}${operator.id}`);
    socket.send({ type: 'auth', token: operatorToken });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'robots' });
    const first = (await socket.next()) as Extract<SocketServerMessage, { type: 'robots' }>;
    expect(first.data.map((r) => r.robotId)).toEqual([robots[0]!.robotId]);
    await assign(operator.id, [robots[1]!.robotId]);
    const next = (await socket.next()) as Extract<SocketServerMessage, { type: 'robots' }>;
    expect(next.data.map((r) => r.robotId)).toEqual([robots[1]!.robotId]);
    socket.ws.close();
  });

  it('lets an operator give or take only the robots it sees itself, changing nothing otherwise', async () => {
    await assign(operator.id, [robots[0]!.robotId]);
    const colleague = await makeUser(t, tenantId);
    await assign(colleague.id, [robots[2]!.robotId]);
    const en = 'You can only give or take robots that you can see yourself';
    // Not to itself: that would widen what it sees.
    const self = await assign(operator.id, [robots[0]!.robotId, robots[1]!.robotId], operatorToken);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(en);
    // Not an unseen robot to anyone, nor taking one it does not see.
    expect((await assign(colleague.id, [robots[1]!.robotId, robots[2]!.robotId], operatorToken)).statusCode).toBe(403);
    expect((await assign(colleague.id, [], operatorToken)).statusCode).toBe(403);
    expect(await liveIds(operatorToken)).toEqual([robots[0]!.robotId]);
    const list = (await get(`/api/robot-server/user-robot/list?userId=${colleague.id}`, adminToken)).json().data;
    expect(list.robotIds).toEqual([robots[2]!.robotId]);
    // What it sees it may hand on, beside what the user already had.
    const shared = await assign(colleague.id, [robots[0]!.robotId, robots[2]!.robotId], operatorToken);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.robotIds).toEqual([robots[0]!.robotId, robots[2]!.robotId].sort((a, b) => a - b));
  });

  it("refuses another tenant's robots and users, changing nothing", async () => {
    await assign(operator.id, [robots[0]!.robotId]);
    const other = await makeTenant(t);
    const otherAdmin = await makeUser(t, other.id, { grants: ROBOT_ROUTES });
    const otherToken = await login(t.app, otherAdmin.account, otherAdmin.password);
    const foreign = await registerRobot(t, otherToken);
    const refused = await assign(operator.id, [robots[0]!.robotId, foreign.robotId]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ path: 'robotIds', message: 'The robot does not exist' }]);
    expect((await assign(otherAdmin.id, [robots[0]!.robotId])).statusCode).toBe(404);
    expect(await liveIds(operatorToken)).toEqual([robots[0]!.robotId]);
  });
});
