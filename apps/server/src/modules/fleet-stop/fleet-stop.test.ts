import type { FleetStopStatus, RobotLive, SocketServerMessage } from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';

const STOP = '/api/robot-server/fleet/stop';
const RESUME = '/api/robot-server/fleet/resume';
const LIVE = '/api/robot-server/monitor/live';
const FLEET_GRANTS = [`GET ${STOP}`, `POST ${STOP}`, `POST ${RESUME}`, `GET ${LIVE}`];
const ADMIN_GRANTS = [
  ...FLEET_GRANTS,
  'POST /api/robot-server/robot/create',
  'POST /api/robot-server/user-robot/assign',
  'GET /api/log-server/operation/page',
];

const namesOf = (robot: SimRobot) => robot.received.map((c) => c.name);

describe('stopping the whole fleet', () => {
  let t: TestApp;
  let base: string;
  const sims: SimRobot[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.disconnect({ silent: true }).catch(() => undefined)));
    await t.close();
  });

  /** A tenant with an administrator (whole fleet) who may stop it. */
  async function tenant() {
    const tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: ADMIN_GRANTS, roleCodes: ['tenantAdmin'] });
    const token = await login(t.app, admin.account, admin.password);
    return { tenantId, admin, token };
  }
  const post = (url: string, token: string, payload: object = { confirm: true }) =>
    t.app.inject({ method: 'POST', url, headers: as(token, { lang: 'en-US' }), payload });
  const statusOf = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: STOP, headers: as(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as FleetStopStatus;
  };
  async function online(token: string, robot: RegisteredRobot) {
    const sim = simRobot(t, robot);
    sims.push(sim);
    await sim.connect();
    await until(
      async () => {
        const res = await t.app.inject({ method: 'GET', url: LIVE, headers: as(token) });
        return (res.json().data as RobotLive[]).find((r) => r.robotId === robot.robotId)?.online;
      },
      8000,
      'the robot online',
    );
    return sim;
  }
  async function watch(userId: number, token: string): Promise<TestSocket> {
    const socket = await openSocket(`${base}${userId}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect(await socket.next()).toEqual({ type: 'ready', userId });
    socket.send({ type: 'subscribe', topic: 'robots' });
    return socket;
  }
  /** The next fleetStop push, skipping the fleet's own messages. */
  async function nextFleetStop(socket: TestSocket, ms = 5000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const message: SocketServerMessage = await socket.next(Math.max(1, deadline - Date.now()));
      if (message.type === 'fleetStop') return message.data;
    }
  }

  it("stops every online robot of the caller's scope, not others; holds the offline one until it reconnects; resumes", async () => {
    const a = await tenant();
    const b = await tenant();
    const [one, two, far, offline] = [
      await registerRobot(t, a.token),
      await registerRobot(t, a.token),
      await registerRobot(t, a.token),
      await registerRobot(t, a.token),
    ];
    const other = await registerRobot(t, b.token);
    const simOne = await online(a.token, one!);
    const simTwo = await online(a.token, two!);
    const simFar = await online(a.token, far!);
    const simOther = await online(b.token, other);

    // An operator assigned three of the four robots: the fourth is not theirs to stop.
    const operator = await makeUser(t, a.tenantId, { grants: FLEET_GRANTS });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/robot-server/user-robot/assign',
          headers: as(a.token),
          payload: { userId: operator.id, robotIds: [one!.robotId, two!.robotId, offline!.robotId] },
        })
      ).statusCode,
    ).toBe(200);
    const operatorToken = await login(t.app, operator.account, operator.password);
    expect(await statusOf(operatorToken)).toMatchObject({ active: false, robots: 0, mayControl: true });

    const watcherA = await watch(a.admin.id, a.token);
    const watcherB = await watch(b.admin.id, b.token);

    const res = await post(STOP, operatorToken);
    expect(res.statusCode).toBe(200);
    const stopped = res.json().data as FleetStopStatus;
    expect(stopped).toMatchObject({ active: true, robots: 3, mayControl: true, stoppedBy: `User ${operator.account}` });
    expect(stopped.stoppedTime).toEqual(expect.any(String));

    await until(
      () => namesOf(simOne).includes('fleetStop') && namesOf(simTwo).includes('fleetStop'),
      8000,
      'fleetStop',
    );
    expect(namesOf(simFar)).not.toContain('fleetStop');
    expect(namesOf(simOther)).not.toContain('fleetStop');
    // Sent once each.
    expect(namesOf(simOne).filter((n) => n === 'fleetStop')).toHaveLength(1);

    // Every console of the tenant is told at once; another tenant's never is.
    expect(await nextFleetStop(watcherA)).toMatchObject({ active: true, robots: 3, mayControl: false });
    await expect(nextFleetStop(watcherB, 1000)).rejects.toThrow();
    expect(await statusOf(a.token)).toMatchObject({ active: true, robots: 3 });
    expect(await statusOf(b.token)).toMatchObject({ active: false, robots: 0 });

    // The robot offline at the stop gets it as it connects, the stop being in force.
    const simOffline = await online(a.token, offline!);
    await until(() => namesOf(simOffline).includes('fleetStop'), 8000, 'fleetStop on reconnect');

    // Stopping again while in force: nothing new to hold, nothing sent again.
    const again = await post(STOP, operatorToken);
    expect(again.json().data).toMatchObject({ active: true, robots: 3 });
    expect(await nextFleetStop(watcherA)).toMatchObject({ active: true, robots: 3 });

    const resumed = await post(RESUME, a.token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ active: false, robots: 0, stoppedBy: null });
    await until(
      () => [simOne, simTwo, simOffline].every((s) => namesOf(s).includes('fleetResume')),
      8000,
      'fleetResume',
    );
    expect(namesOf(simFar)).not.toContain('fleetResume');
    expect(namesOf(simOne).filter((n) => n === 'fleetStop')).toHaveLength(1);
    expect(await nextFleetStop(watcherA)).toMatchObject({ active: false, robots: 0 });
    await expect(nextFleetStop(watcherB, 1000)).rejects.toThrow();

    // A robot reconnecting after the resume is not stopped again.
    await simOffline.disconnect({ silent: true });
    const back = await online(a.token, offline!);
    await new Promise((r) => setTimeout(r, 500));
    expect(namesOf(back)).not.toContain('fleetStop');

    // Audited: both operations are in the tenant's operation log.
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/log-server/operation/page?index=1&size=50',
      headers: as(a.token),
    });
    const routes = (log.json().data.rows as { route: string; result: string }[]).map((r) => r.route);
    expect(routes).toEqual(expect.arrayContaining([STOP, RESUME]));
    watcherA.ws.close();
    watcherB.ws.close();
  });

  it('refuses a user without the grant (403) and a request without the confirmation (422); nothing is sent', async () => {
    const a = await tenant();
    const robot = await registerRobot(t, a.token);
    const sim = await online(a.token, robot);
    const viewer = await makeUser(t, a.tenantId, { grants: [`GET ${STOP}`], roleCodes: ['tenantAdmin'] });
    const viewerToken = await login(t.app, viewer.account, viewer.password);
    expect(await statusOf(viewerToken)).toMatchObject({ active: false, mayControl: false });
    expect((await post(STOP, viewerToken)).statusCode).toBe(403);
    expect((await post(RESUME, viewerToken)).statusCode).toBe(403);

    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await post(STOP, a.token, body);
      expect(res.statusCode).toBe(422);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(namesOf(sim)).not.toContain('fleetStop');
    expect(await statusOf(a.token)).toMatchObject({ active: false, robots: 0 });
  });

  it('resumes a robot that reports stopped with no stop holding it (it was offline at the resume)', async () => {
    const a = await tenant();
    const robot = await registerRobot(t, a.token);
    const sim = await online(a.token, robot);
    expect((await post(STOP, a.token)).statusCode).toBe(200);
    await until(() => namesOf(sim).includes('fleetStop'), 8000, 'fleetStop');
    await sim.disconnect({ silent: true });
    await until(
      async () => {
        const res = await t.app.inject({ method: 'GET', url: LIVE, headers: as(a.token) });
        return (res.json().data as RobotLive[]).find((r) => r.robotId === robot.robotId)?.online === false;
      },
      10_000,
      'the robot offline',
    );
    expect((await post(RESUME, a.token)).statusCode).toBe(200);
    // Back with the stop it remembers, reporting `stopped`.
    const back = simRobot(t, robot);
    sims.push(back);
    back.mode = 'stopped';
    await back.connect();
    await until(() => namesOf(back).includes('fleetResume'), 12_000, 'fleetResume of a stray stopped robot');
    expect(namesOf(back)).not.toContain('fleetStop');
  });
});
