import {
  FAULT_WORK_ORDER,
  translate,
  type Notice,
  type Page,
  type RobotLive,
  type RobotRow,
  type SocketServerMessage,
  type WorkOrderDetail,
  type WorkOrderRow,
} from '@patrol/contracts';
import type { SimRobot } from '@patrol/robot-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { openSocket, type TestSocket } from '../../../test/socket-client.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { findRobotById } from '../robots/robots.shared.js';
import { replaceAssignments } from '../user-robots/user-robots.repository.js';
import { createWorkOrdersService, type WorkOrdersService } from './work-orders.service.js';

const BASE = '/api/robot-server/repair';
const ROBOTS = '/api/robot-server/robot/page';
const LIVE = '/api/robot-server/monitor/live';
const ALARMS = '/api/notice-server/alarm/page';
const GRANTS = [
  ...['page', 'detail'].map((p) => `GET ${BASE}/${p}`),
  ...['create', 'update', 'delete', 'push', 'process', 'finish'].map((p) => `POST ${BASE}/${p}`),
  'POST /api/robot-server/robot/create',
  `GET ${ROBOTS}`,
  `GET ${LIVE}`,
  `GET ${ALARMS}`,
];

type Person = { id: number; token: string };

describe("robots' fault reports and their equipment status", () => {
  let t: TestApp;
  let base: string;
  let admin: Person;
  let deputy: Person;
  let operator: Person;
  let robot: RegisteredRobot;
  let sim: SimRobot;
  /** A second instance's service on the same database, as another server would run it. */
  let elsewhere: WorkOrdersService;

  const get = async <T>(url: string, who: Person = admin): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: as(who.token, { lang: 'en-US' }) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const post = async (path: string, payload: object, who: Person = admin): Promise<WorkOrderDetail> => {
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: as(who.token), payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: WorkOrderDetail }).data;
  };
  const ordersOf = async (robotId: number) =>
    (await get<Page<WorkOrderRow>>(`${BASE}/page?index=1&size=50&robotId=${robotId}`)).rows;
  const detail = (workOrderId: number, who: Person = admin) =>
    get<WorkOrderDetail>(`${BASE}/detail?workOrderId=${workOrderId}`, who);
  const faultOrder = (robotId: number, module: string) =>
    until(
      async () => (await ordersOf(robotId)).find((o) => o.faultModule === module && o.status !== 'processed'),
      8000,
      `the order of the ${module} fault`,
    );
  const notices = async (who: Person) =>
    (await get<Page<Notice>>('/api/notice-server/notice/my/page?index=1&type=1', who)).rows;
  const form = (extra: Record<string, unknown> = {}) => ({
    type: 'repair',
    robotId: robot.robotId,
    equipmentStatus: 'stopped',
    urgency: 'high',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    assigneeId: admin.id,
    description: 'The chassis is to be taken apart in the workshop',
    items: [{ moduleName: 'chassis', maintenanceType: 'repair', quantity: 1, amount: '80' }],
    ...extra,
  });
  /** Pushes, processes and finishes an order (the administrator may do all three). */
  const finish = async (order: { workOrderId: number }) => {
    let last: WorkOrderDetail | undefined;
    for (const action of ['push', 'process', 'finish']) last = await post(action, { workOrderId: order.workOrderId });
    return last!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws/msg/`;
    const tenantId = (await makeTenant(t)).id;
    const make = async (options: Parameters<typeof makeUser>[2]) => {
      const user = await makeUser(t, tenantId, options);
      return { id: user.id, token: await login(t.app, user.account, user.password) };
    };
    admin = await make({ roleCodes: ['tenantAdmin'], grants: GRANTS });
    deputy = await make({ roleCodes: ['admin'], grants: GRANTS });
    operator = await make({ grants: GRANTS });
    robot = await registerRobot(t, admin.token);
    // The operator sees the robot, and so its orders.
    await replaceAssignments(t.db, tenantId, operator.id, [robot.robotId]);
    sim = simRobot(t, robot);
    await sim.connect();
    await until(
      async () => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robot.robotId)?.online,
      8000,
      'online',
    );
    elsewhere = createWorkOrdersService(t.app.ctx, {
      notices: t.app.notices,
      monitoring: t.app.monitoring,
      gateway: t.app.gateway,
      log: t.app.log,
    });
  });
  afterAll(async () => {
    await sim?.disconnect({ silent: true });
    await t?.close();
  });

  it('opens one draft for the robot and module, tells the administrators, and adds repeats to it', async () => {
    const before = Date.now();
    const report = sim.reportFault('lidar');
    const row = await faultOrder(robot.robotId, 'lidar');
    const after = Date.now();
    const order = await detail(row.workOrderId);
    expect(order).toMatchObject({
      status: 'draft',
      source: 'fault',
      type: 'repair',
      equipmentStatus: 'normal',
      urgency: FAULT_WORK_ORDER.urgencyByLevel[report.level],
      faultModule: 'lidar',
      faultTime: new Date(report.ts).toISOString(),
      robotName: `Robot ${robot.serial}`,
      serialNumber: robot.serial,
      createdById: null,
      createdByName: null,
      assigneeId: null,
      description: translate('zh-CN', 'workOrders.faultDescription', {
        module: 'lidar',
        code: report.code,
        message: report.message,
      }),
      allowed: ['push', 'edit', 'delete'],
    });
    expect(order.number).toMatch(/^WO\d{8}-\d{4}$/);
    const deadline = Date.parse(order.deadline) - FAULT_WORK_ORDER.deadlineMs;
    expect(deadline).toBeGreaterThanOrEqual(before - 1);
    expect(deadline).toBeLessThanOrEqual(after + 1);
    expect(order.faults).toEqual([
      {
        eventId: report.id,
        module: 'lidar',
        code: report.code,
        message: report.message,
        level: report.level,
        reportTime: new Date(report.ts).toISOString(),
      },
    ]);
    expect(order.history).toEqual([
      expect.objectContaining({
        kind: 'create',
        toStatus: 'draft',
        userId: null,
        comment: `${report.code}: ${report.message}`,
      }),
    ]);
    // Nobody made it: an operator may only look; administrators decide.
    expect((await detail(row.workOrderId, operator)).allowed).toEqual([]);
    for (const who of [admin, deputy]) {
      const [notice] = await notices(who);
      expect(notice!.title).toBe(translate('zh-CN', 'workOrders.faultNoticeTitle', { robot: `Robot ${robot.serial}` }));
      expect(notice!.content).toContain(order.number);
      expect(notice!.content).toContain(report.code);
    }
    expect(await notices(operator)).toEqual([]);

    // The same report delivered again (here to another instance) is kept once.
    await elsewhere.onEvent(robot.serial, report);
    expect((await detail(row.workOrderId)).faults).toHaveLength(1);
    // A new report of the module adds to the open order, with a line on its timeline.
    const again = sim.reportFault('lidar');
    const grown = await until(
      async () => {
        const d = await detail(row.workOrderId);
        return d.faults.length === 2 ? d : null;
      },
      8000,
      'the second report',
    );
    expect(grown.faults.map((f) => f.eventId)).toEqual([report.id, again.id]);
    expect(grown.history.map((h) => [h.kind, h.userId])).toEqual([
      ['create', null],
      ['fault', null],
    ]);
    expect((await ordersOf(robot.robotId)).filter((o) => o.faultModule === 'lidar')).toHaveLength(1);
    // A fault is not an alarm.
    expect((await get<Page<unknown>>(`${ALARMS}?index=1&robotId=${robot.robotId}`)).total).toBe(0);
    // Administrators were told once, of the opening only.
    expect((await notices(admin)).filter((n) => n.content.includes(order.number))).toHaveLength(1);
  });

  it('opens one order when two instances receive reports of one module at once, and a new one once it is processed', async () => {
    const reports = [1, 2, 3, 4].map((n) => ({
      id: `battery-${n}-${Date.now()}`,
      ts: Date.now(),
      kind: 'fault',
      module: 'battery',
      code: 'E-BT-402',
      level: 2,
      message: 'Battery cell temperature above 55 °C',
    }));
    // Four instances at once: on PostgreSQL all but one meet the open-fault unique index.
    await Promise.all(
      reports.map((report, i) => (i === 0 ? elsewhere : elsewhereTwin()).onEvent(robot.serial, report)),
    );
    const open = (await ordersOf(robot.robotId)).filter((o) => o.faultModule === 'battery');
    expect(open).toHaveLength(1);
    expect(open[0]!.urgency).toBe('urgent');
    expect((await detail(open[0]!.workOrderId)).faults).toHaveLength(4);

    // Processed: the next report of the module opens another draft.
    await post('update', { ...form({ equipmentStatus: 'normal' }), workOrderId: open[0]!.workOrderId });
    expect((await finish(open[0]!)).status).toBe('processed');
    sim.reportFault('battery');
    const next = await faultOrder(robot.robotId, 'battery');
    expect(next.workOrderId).not.toBe(open[0]!.workOrderId);
    expect(next.number).not.toBe(open[0]!.number);
  });

  it('takes the robot out of service while an open order says stopped, on its list and live on the console', async () => {
    const socket: TestSocket = await openSocket(`${base}${admin.id}`);
    socket.send({ type: 'auth', token: admin.token, lang: 'en-US' });
    expect((await socket.next()).type).toBe('ready');
    socket.send({ type: 'subscribe', topic: 'robots' });
    /** Waits for the console to be told the robot's flag. */
    const told = async (stopped: boolean) => {
      for (;;) {
        const message: SocketServerMessage = await socket.next(5000);
        if (message.type !== 'robots') continue;
        const mine = (message.data as RobotLive[]).find((r) => r.robotId === robot.robotId);
        if (mine?.stoppedForRepair === stopped) return;
      }
    };
    const listed = async () =>
      (await get<Page<RobotRow>>(`${ROBOTS}?index=1&size=50`)).rows.find((r) => r.robotId === robot.robotId)!
        .stoppedForRepair;
    const live = async () => (await get<RobotLive[]>(LIVE)).find((r) => r.robotId === robot.robotId)!.stoppedForRepair;
    try {
      expect(await listed()).toBe(false);
      const first = await post('create', form());
      expect(await listed()).toBe(true);
      await told(true);
      expect(await live()).toBe(true);

      // A second order stops it too; the first one back to normal leaves it stopped.
      const second = await post('create', form());
      await post('update', { ...form({ equipmentStatus: 'normal' }), workOrderId: first.workOrderId });
      expect(await listed()).toBe(true);
      // Finishing the last one that stops it puts it back in service.
      await finish(second);
      expect(await listed()).toBe(false);
      await told(false);
      expect(await live()).toBe(false);

      // An edit to stopped, then deleting the draft.
      await post('update', { ...form(), workOrderId: first.workOrderId });
      expect(await listed()).toBe(true);
      await told(true);
      await post('delete', { workOrderId: first.workOrderId });
      expect(await listed()).toBe(false);
      await told(false);
    } finally {
      socket.ws.close();
    }
  });

  it('puts a robot moved to another tenant back in service there; its old orders stay behind', async () => {
    const moving = await registerRobot(t, admin.token);
    const order = await post('create', form({ robotId: moving.robotId }));
    expect((await findRobotById(t.db, moving.robotId))!.stoppedForRepair).toBe(true);
    const root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    const target = (await makeTenant(t)).id;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/robot/move',
      headers: as(root),
      payload: { robotIds: [moving.robotId], targetTenantId: target },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await findRobotById(t.db, moving.robotId))!.stoppedForRepair).toBe(false);
    // The order stays with the tenant that made it, naming the robot as it was.
    expect(await detail(order.workOrderId)).toMatchObject({ robotId: moving.robotId, equipmentStatus: 'stopped' });
    // Finishing it there touches no robot of another tenant.
    await finish(order);
    expect((await findRobotById(t.db, moving.robotId))!.tenantId).toBe(target);
  });

  /** Another instance again: two services, each with its own view, as two servers would be. */
  function elsewhereTwin() {
    return createWorkOrdersService(t.app.ctx, {
      notices: t.app.notices,
      monitoring: t.app.monitoring,
      gateway: t.app.gateway,
      log: t.app.log,
    });
  }
});
