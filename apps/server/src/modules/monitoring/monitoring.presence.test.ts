import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RobotLive, SocketServerMessage } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';
import { PRESENCE_SETTLE_MS } from './monitoring.service.js';
import { freePort } from '../../../test/net.js';

const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));
const LIVE = '/api/robot-server/monitor/live';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    }).on('error', () => resolve(false));
  });

/**
 * An external broker of the test's own (a Mosquitto it can stop and start again), so that the
 * server loses its broker the way a site's outage takes it away.
 */
describe.skipIf(!MOSQUITTO)("robots' presence while the server has lost its broker", () => {
  let dir: string;
  let port: number;
  let broker: ChildProcess | undefined;
  let t: TestApp;
  let token: string;
  let userId: number;
  let base: string;
  const startBroker = async () => {
    broker = spawn(MOSQUITTO!, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await until(() => listening(port), 10_000, 'mosquitto');
  };
  const stopBroker = async () => {
    const child = broker;
    broker = undefined;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'patrol-presence-'));
    port = await freePort();
    await writeFile(
      path.join(dir, 'mosquitto.conf'),
      [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false'].join('\n'),
    );
    await startBroker();
    t = await createTestApp({ mqttUrl: `mqtt://127.0.0.1:${port}` });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    const tenantId = (await makeTenant(t)).id;
    const user = await makeUser(t, tenantId, {
      grants: ['POST /api/robot-server/robot/create', `GET ${LIVE}`],
      roleCodes: ['tenantAdmin'],
    });
    userId = user.id;
    token = await login(t.app, user.account, user.password);
  });
  afterAll(async () => {
    await t?.close();
    await stopBroker();
    await rm(dir, { recursive: true, force: true });
  });

  const live = async () =>
    (await t.app.inject({ method: 'GET', url: LIVE, headers: as(token) })).json().data as RobotLive[];
  const watch = async (): Promise<TestSocket> => {
    const socket = await openSocket(`${base}${userId}`);
    socket.send({ type: 'auth', token, lang: 'en-US' });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'robots' });
    return socket;
  };
  /** Reads pushes until one says `check` of the robot. */
  const pushed = async (socket: TestSocket, robotId: number, check: (robot: RobotLive) => boolean) => {
    for (;;) {
      const message: SocketServerMessage = await socket.next(15_000);
      if (message.type !== 'robots') continue;
      const robot = message.data.find((r) => r.robotId === robotId);
      if (robot && check(robot)) return robot;
    }
  };

  it('shows every robot as unknown during the outage, then what each robot says once the broker is back', async () => {
    const staying = await registerRobot(t, token);
    const leaving = await registerRobot(t, token);
    const sims = [simRobot(t, staying), simRobot(t, leaving)];
    await Promise.all(sims.map((sim) => sim.connect()));
    const socket = await watch();
    try {
      await until(async () => {
        const robots = await live();
        return [staying, leaving].every((r) => robots.find((x) => x.robotId === r.robotId)?.online);
      });

      await stopBroker();
      // The last presence known is kept, marked as not known now: both in the list and pushed.
      const unknown = await pushed(socket, staying.robotId, (r) => r.presenceUnknown === true);
      expect(unknown.online).toBe(true);
      const listed = (await live()).filter((r) => r.robotId === staying.robotId || r.robotId === leaving.robotId);
      expect(listed.map((r) => r.presenceUnknown)).toEqual([true, true]);

      // One robot goes away for good during the outage; the other comes back with the broker.
      await sims[1]!.disconnect({ silent: true });
      await startBroker();
      const back = await pushed(socket, staying.robotId, (r) => r.presenceUnknown === false);
      expect(back.online).toBe(true);
      // Nothing tells the server about the robot that went away: offline once the broker has been back a while.
      const gone = await until(
        async () => {
          const robot = (await live()).find((r) => r.robotId === leaving.robotId);
          return robot && robot.presenceUnknown === false ? robot : undefined;
        },
        PRESENCE_SETTLE_MS + 10_000,
        'the presence of the robot that went away',
      );
      expect(gone.online).toBe(false);
    } finally {
      socket.ws.close();
      await Promise.all(sims.map((sim) => sim.disconnect({ silent: true }).catch(() => undefined)));
    }
  }, 60_000);
});
