import {
  translate,
  workOrderOperations,
  type Notice,
  type Page,
  type WorkOrderDetail,
  type WorkOrderOperation,
  type WorkOrderPerson,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { expectSortRefused } from '../../../test/pages.js';
import { registerRobot, type RegisteredRobot } from '../../../test/robots.js';
import { sheetRows } from '../../../test/xlsx.js';
import { replaceAssignments } from '../user-robots/user-robots.repository.js';
import { users } from '../users/users.tables.js';
import { workOrders } from './work-orders.tables.js';

const BASE = '/api/robot-server/repair';
const WORK_ORDER_GRANTS = [
  `GET ${BASE}/page`,
  `GET ${BASE}/export`,
  `GET ${BASE}/detail`,
  `GET ${BASE}/personnel`,
  `POST ${BASE}/create`,
  `POST ${BASE}/update`,
  `POST ${BASE}/delete`,
  `POST ${BASE}/push`,
  `POST ${BASE}/process`,
  `POST ${BASE}/finish`,
];
const GRANTS = [...WORK_ORDER_GRANTS, 'POST /api/robot-server/robot/create'];

type Who = 'creator' | 'assignee' | 'admin' | 'other';
type Person = { id: number; token: string };

/**
 * `WORK_ORDER_RULES` written out by hand, as the spec and docs/decisions.md give it: what each
 * party may do to an order in each status. Everything else is refused with 409.
 */
const EXPECTED: Record<WorkOrderStatus, Record<Who, WorkOrderOperation[]>> = {
  draft: { creator: ['push', 'edit', 'delete'], assignee: [], admin: ['push', 'edit', 'delete'], other: [] },
  pending: { creator: ['edit'], assignee: ['process'], admin: ['process', 'edit'], other: [] },
  processing: { creator: ['edit'], assignee: ['finish', 'edit'], admin: ['finish', 'edit'], other: [] },
  processed: { creator: [], assignee: [], admin: [], other: [] },
};
const STEPS: { status: WorkOrderStatus; action: 'push' | 'process' | 'finish' }[] = [
  { status: 'pending', action: 'push' },
  { status: 'processing', action: 'process' },
  { status: 'processed', action: 'finish' },
];

describe('work orders', () => {
  let t: TestApp;
  let tenantId: number;
  let robot: RegisteredRobot;
  const people = {} as Record<Who, Person>;

  const request = (method: 'GET' | 'POST', url: string, who: Person, payload?: unknown, lang = 'en-US') =>
    t.app.inject({
      method,
      url,
      headers: as(who.token, { lang }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const post = (path: string, payload: unknown, who: Person = people.creator, lang?: string) =>
    request('POST', `${BASE}/${path}`, who, payload, lang);
  const get = (pathAndQuery: string, who: Person = people.admin, lang?: string) =>
    request('GET', `${BASE}/${pathAndQuery}`, who, undefined, lang);
  const dataOf = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const form = (extra: Record<string, unknown> = {}) => ({
    type: 'repair',
    robotId: robot.robotId,
    equipmentStatus: 'normal',
    urgency: 'normal',
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    assigneeId: people.assignee.id,
    description: 'The lidar returns no points from the rear sector',
    items: [{ moduleName: 'lidar', maintenanceType: 'replace', quantity: 1, amount: '350.00' }],
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, who: Person = people.creator) =>
    dataOf<WorkOrderDetail>(await post('create', form(extra), who));
  const detail = async (workOrderId: number, who: Person = people.admin) =>
    dataOf<WorkOrderDetail>(await get(`detail?workOrderId=${workOrderId}`, who));
  /** An order of the creator brought to `status` by the administrator. */
  const orderIn = async (status: WorkOrderStatus) => {
    const order = await create();
    for (const step of STEPS) {
      if (order.status === status) break;
      Object.assign(
        order,
        dataOf<WorkOrderDetail>(await post(step.action, { workOrderId: order.workOrderId }, people.admin)),
      );
    }
    expect(order.status).toBe(status);
    return order;
  };
  const attempt = (operation: WorkOrderOperation, order: WorkOrderDetail, who: Person) => {
    const id = { workOrderId: order.workOrderId };
    if (operation === 'edit')
      return post('update', { ...form({ description: 'The lidar was checked and cleaned today' }), ...id }, who);
    if (operation === 'delete') return post('delete', id, who);
    return post(operation, { ...id, comment: `${operation} by hand` }, who);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    const make = async (options: Parameters<typeof makeUser>[2]) => {
      const user = await makeUser(t, tenantId, options);
      return { id: user.id, token: await login(t.app, user.account, user.password) };
    };
    people.admin = await make({ roleCodes: ['tenantAdmin'], grants: GRANTS });
    people.creator = await make({ grants: GRANTS });
    people.assignee = await make({ grants: GRANTS });
    people.other = await make({ grants: GRANTS });
    robot = await registerRobot(t, people.admin.token);
    // The creator and the other operator see the robot; the assignee sees its orders as theirs.
    for (const who of ['creator', 'other'] as const) {
      await replaceAssignments(t.db, tenantId, people[who].id, [robot.robotId]);
    }
  });
  afterAll(() => t?.close());

  it('creates a draft of the caller, numbered WO + day + sequence, with its items and its first history entry', async () => {
    const order = await create({ faultTime: '2026-11-20T08:30:00.000Z' });
    expect(order).toMatchObject({
      status: 'draft',
      source: 'manual',
      type: 'repair',
      robotId: robot.robotId,
      robotName: `Robot ${robot.serial}`,
      serialNumber: robot.serial,
      faultTime: '2026-11-20T08:30:00.000Z',
      createdById: people.creator.id,
      assigneeId: people.assignee.id,
      itemCount: 1,
      totalAmount: '350.00',
      overdue: false,
      finishTime: null,
      allowed: ['push', 'edit', 'delete'],
    });
    expect(order.number).toMatch(/^WO\d{8}-\d{4}$/);
    expect(order.assigneeName).toMatch(/^User /);
    expect(order.items).toEqual([
      {
        itemId: expect.any(Number),
        moduleName: 'lidar',
        maintenanceType: 'replace',
        quantity: 1,
        amount: '350.00',
        remark: null,
      },
    ]);
    expect(order.history).toEqual([
      expect.objectContaining({
        kind: 'create',
        fromStatus: null,
        toStatus: 'draft',
        userId: people.creator.id,
        comment: null,
      }),
    ]);
    expect(order.faults).toEqual([]);
  });

  describe.each(Object.keys(EXPECTED) as WorkOrderStatus[])('from %s', (status) => {
    it('allows exactly the operations of the table to creator, assignee, administrator and another operator', async () => {
      const shared = await orderIn(status);
      const mismatches: string[] = [];
      for (const who of ['creator', 'assignee', 'admin', 'other'] as const) {
        const expected = EXPECTED[status][who];
        const shown = (await detail(shared.workOrderId, people[who])).allowed;
        if ([...shown].sort().join() !== [...expected].sort().join()) {
          mismatches.push(`${who} is shown ${shown.join('|')}, not ${expected.join('|')}`);
        }
        for (const operation of workOrderOperations) {
          const allowed = expected.includes(operation);
          // A refusal changes nothing, so refusals share one order; each success gets its own.
          const order = allowed ? await orderIn(status) : shared;
          const res = await attempt(operation, order, people[who]);
          const want = allowed ? 200 : 409;
          if (res.statusCode !== want) mismatches.push(`${who} ${operation}: ${res.statusCode} ${res.body}`);
          if (!allowed && res.json().message !== translate('en-US', 'workOrders.notAllowed')) {
            mismatches.push(`${who} ${operation}: ${res.json().message}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
      const after = await detail(shared.workOrderId);
      expect(after.status).toBe(status);
      expect(after.updateTime).toBe(shared.updateTime);
      expect(after.history).toHaveLength(shared.history.length);
    });
  });

  it('records every step in the history (who, when, from, to, comment), and a finished order is closed', async () => {
    const order = await create();
    await post('update', { ...form({ urgency: 'high' }), workOrderId: order.workOrderId });
    await post('push', { workOrderId: order.workOrderId, comment: 'please look today' });
    await post('process', { workOrderId: order.workOrderId }, people.assignee);
    const done = dataOf<WorkOrderDetail>(
      await post('finish', { workOrderId: order.workOrderId, comment: 'replaced' }, people.assignee),
    );
    expect(done.status).toBe('processed');
    expect(done.finishTime).not.toBeNull();
    expect(done.allowed).toEqual([]);
    expect(done.history.map((h) => [h.kind, h.fromStatus, h.toStatus, h.userId, h.comment])).toEqual([
      ['create', null, 'draft', people.creator.id, null],
      ['update', 'draft', 'draft', people.creator.id, null],
      ['push', 'draft', 'pending', people.creator.id, 'please look today'],
      ['process', 'pending', 'processing', people.assignee.id, null],
      ['finish', 'processing', 'processed', people.assignee.id, 'replaced'],
    ]);
    expect(done.history.every((h) => !Number.isNaN(Date.parse(h.time)))).toBe(true);
  });

  it('refuses to push without an assignee and to finish without detail items', async () => {
    const unassigned = await create({ assigneeId: null });
    const push = await post('push', { workOrderId: unassigned.workOrderId });
    expect(push.statusCode).toBe(409);
    expect(push.json().message).toBe(translate('en-US', 'workOrders.assigneeRequired'));

    const bare = await create({ items: [] });
    await post('push', { workOrderId: bare.workOrderId });
    await post('process', { workOrderId: bare.workOrderId }, people.assignee);
    for (const lang of ['en-US', 'zh-CN', 'zh-TW']) {
      const finish = await post('finish', { workOrderId: bare.workOrderId }, people.assignee, lang);
      expect(finish.statusCode).toBe(409);
      expect(finish.json().message).toBe(translate(lang as 'en-US', 'workOrders.detailsRequired'));
    }
    // A pushed order keeps its assignee.
    const cleared = await post(
      'update',
      { ...form({ items: [], assigneeId: null }), workOrderId: bare.workOrderId },
      people.assignee,
    );
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toBe(translate('en-US', 'workOrders.assigneeRequired'));
    // The assignee maintains the details, then finishes.
    const edited = await post('update', { ...form(), workOrderId: bare.workOrderId }, people.assignee);
    expect(dataOf<WorkOrderDetail>(edited).itemCount).toBe(1);
    expect(
      dataOf<WorkOrderDetail>(await post('finish', { workOrderId: bare.workOrderId }, people.assignee)).status,
    ).toBe('processed');
  });

  it('refuses bad fields with localized messages and changes nothing', async () => {
    const count = async () => (await t.db.select().from(workOrders).where(eq(workOrders.tenantId, tenantId))).length;
    const before = await count();
    const bad = {
      ...form(),
      type: 'overhaul',
      urgency: undefined,
      description: 'too short',
      deadline: '',
      items: [{ moduleName: 'm'.repeat(31), maintenanceType: 'replace', quantity: 0, amount: '1.234' }],
    };
    for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const res = await post('create', bad, people.creator, lang);
      expect(res.statusCode).toBe(422);
      const byPath = Object.fromEntries(
        res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
      );
      expect(byPath).toEqual({
        type: translate(lang, 'workOrders.typeRequired'),
        urgency: translate(lang, 'workOrders.urgencyRequired'),
        description: translate(lang, 'workOrders.descriptionLength'),
        deadline: translate(lang, 'workOrders.deadlineRequired'),
        'items.0.moduleName': translate(lang, 'workOrders.moduleNameTooLong'),
        'items.0.quantity': translate(lang, 'workOrders.quantityInvalid'),
        'items.0.amount': translate(lang, 'workOrders.amountInvalid'),
      });
    }
    const tooMuch = await post(
      'create',
      form({ items: [{ moduleName: 'x', maintenanceType: 'repair', quantity: 1, amount: '10000000000' }] }),
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([
      { path: 'items.0.amount', message: translate('en-US', 'workOrders.amountInvalid') },
    ]);
    const blank = await post('create', form({ description: '   ' }));
    expect(blank.json().errors).toEqual([
      { path: 'description', message: translate('en-US', 'workOrders.descriptionRequired') },
    ]);

    // An edit refused for its fields leaves the order as it was.
    const order = await create();
    const edit = await post('update', { ...bad, workOrderId: order.workOrderId });
    expect(edit.statusCode).toBe(422);
    expect(await detail(order.workOrderId)).toEqual({ ...order, allowed: ['push', 'edit', 'delete'] });
    expect(await count()).toBe(before + 1);
  });

  it('refuses a robot or an assignee that is not the tenant’s (or is disabled), and hides other tenants’ orders', async () => {
    const otherTenant = (await makeTenant(t)).id;
    const stranger = await makeUser(t, otherTenant, { roleCodes: ['tenantAdmin'], grants: GRANTS });
    const strangerToken = await login(t.app, stranger.account, stranger.password);
    const theirRobot = await registerRobot(t, strangerToken);

    const robotRes = await post('create', form({ robotId: theirRobot.robotId }));
    expect(robotRes.statusCode).toBe(404);
    expect(robotRes.json().message).toBe(translate('en-US', 'robots.notFound'));
    const assigneeRes = await post('create', form({ assigneeId: stranger.id }));
    expect(assigneeRes.statusCode).toBe(422);
    expect(assigneeRes.json().errors).toEqual([
      { path: 'assigneeId', message: translate('en-US', 'workOrders.assigneeNotFound') },
    ]);

    const disabled = await makeUser(t, tenantId, { grants: GRANTS });
    const order = await create({ assigneeId: disabled.id });
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, disabled.id));
    const push = await post('push', { workOrderId: order.workOrderId });
    expect(push.statusCode).toBe(422);
    expect(push.json().message).toBe(translate('en-US', 'workOrders.assigneeNotFound'));
    const personnel = dataOf<WorkOrderPerson[]>(await get('personnel'));
    expect(personnel.map((p) => p.userId)).toEqual(
      expect.arrayContaining([people.admin.id, people.creator.id, people.assignee.id, people.other.id]),
    );
    expect(personnel.map((p) => p.userId)).not.toContain(disabled.id);
    expect(personnel.map((p) => p.userId)).not.toContain(stranger.id);
    expect(personnel[0]).toEqual({ userId: expect.any(Number), name: expect.any(String), account: expect.any(String) });

    const strangerPerson = { id: stranger.id, token: strangerToken };
    const theirs = dataOf<WorkOrderDetail>(
      await post('create', form({ robotId: theirRobot.robotId, assigneeId: null }), strangerPerson),
    );
    for (const [path, payload] of [
      ['update', { ...form(), workOrderId: theirs.workOrderId }],
      ['delete', { workOrderId: theirs.workOrderId }],
      ['push', { workOrderId: theirs.workOrderId }],
    ] as const) {
      const res = await post(path, payload, people.admin);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(translate('en-US', 'workOrders.notFound'));
    }
    expect((await get(`detail?workOrderId=${theirs.workOrderId}`)).statusCode).toBe(404);
    const mine = dataOf<Page<WorkOrderRow>>(await get('page?index=1&size=200'));
    expect(mine.rows.some((r) => r.workOrderId === theirs.workOrderId)).toBe(false);
    expect((await detail(theirs.workOrderId, strangerPerson)).status).toBe('draft');

    // A role without the grants is refused every route.
    const plain = await makeUser(t, tenantId, { grants: ['POST /api/robot-server/robot/create'] });
    const plainPerson = { id: plain.id, token: await login(t.app, plain.account, plain.password) };
    for (const grant of WORK_ORDER_GRANTS) {
      const [method, url] = grant.split(' ') as ['GET' | 'POST', string];
      const res = await request(
        method,
        method === 'GET' ? `${url}?workOrderId=${order.workOrderId}` : url,
        plainPerson,
        method === 'POST' ? { workOrderId: order.workOrderId } : undefined,
      );
      expect(res.statusCode, grant).toBe(403);
    }
  });

  it('shows an operator only the orders of robots they see, or that they created or are assigned', async () => {
    const hidden = await registerRobot(t, people.admin.token);
    const adminsOrder = await create({ robotId: hidden.robotId, assigneeId: null }, people.admin);
    const assigned = await create({ robotId: hidden.robotId, assigneeId: people.other.id }, people.admin);
    const ids = async (who: Person) =>
      dataOf<Page<WorkOrderRow>>(await get('page?index=1&size=200', who)).rows.map((r) => r.workOrderId);
    expect(await ids(people.admin)).toEqual(expect.arrayContaining([adminsOrder.workOrderId, assigned.workOrderId]));
    expect(await ids(people.creator)).not.toContain(adminsOrder.workOrderId);
    expect(await ids(people.other)).toContain(assigned.workOrderId);
    expect(await ids(people.other)).not.toContain(adminsOrder.workOrderId);
    expect((await get(`detail?workOrderId=${adminsOrder.workOrderId}`, people.creator)).statusCode).toBe(404);
    // Nor may they name a robot they do not see.
    const res = await post('create', form({ robotId: hidden.robotId }), people.creator);
    expect(res.statusCode).toBe(404);
  });

  it('keeps money exact: amounts and totals as text with 2 decimals, never through a float', async () => {
    const small = await create({
      items: [
        { moduleName: 'fuse', maintenanceType: 'replace', quantity: 1, amount: '0.10' },
        { moduleName: 'fuse', maintenanceType: 'replace', quantity: 2, amount: 0.2 },
      ],
    });
    expect(small.items.map((i) => i.amount)).toEqual(['0.10', '0.20']);
    expect(small.totalAmount).toBe('0.30');
    const large = await create({
      items: [
        { moduleName: 'chassis', maintenanceType: 'replace', quantity: 1, amount: '9999999999.99' },
        { moduleName: 'chassis', maintenanceType: 'adjust', quantity: 1, amount: '9999999999.99' },
        { moduleName: 'lidar', maintenanceType: 'clean', quantity: 1, amount: '0.01', remark: 'dust' },
        { moduleName: 'lidar', maintenanceType: 'inspect', quantity: 1, amount: '7' },
      ],
    });
    expect(large.items.map((i) => i.amount)).toEqual(['9999999999.99', '9999999999.99', '0.01', '7.00']);
    expect(large.totalAmount).toBe('20000000006.99');
    const none = await create({ items: [] });
    expect(none.totalAmount).toBe('0.00');
    const rows = dataOf<Page<WorkOrderRow>>(await get(`page?index=1&size=5&number=${large.number}`)).rows;
    expect(rows.map((r) => [r.number, r.totalAmount, r.itemCount])).toEqual([[large.number, '20000000006.99', 4]]);
  });

  it('numbers orders made at once uniquely, one after another in the tenant’s day', async () => {
    const fresh = (await makeTenant(t)).id;
    const admin = await makeUser(t, fresh, { roleCodes: ['tenantAdmin'], grants: GRANTS });
    const person = { id: admin.id, token: await login(t.app, admin.account, admin.password) };
    const own = await registerRobot(t, person.token);
    const made = await Promise.all(
      Array.from({ length: 6 }, () => post('create', form({ robotId: own.robotId, assigneeId: null }), person)),
    );
    const numbers = made.map((res) => dataOf<WorkOrderDetail>(res).number).sort();
    const day = numbers[0]!.slice(0, 10);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${day}-000${n}`));
  });

  it('tells the assignee in the message center when an order is pushed to them, and a new assignee too', async () => {
    const notices = async (who: Person) =>
      dataOf<Page<Notice>>(
        await t.app.inject({
          method: 'GET',
          url: '/api/notice-server/notice/my/page?index=1&type=1',
          headers: as(who.token),
        }),
      ).rows;
    const order = await create({ type: 'maintenance' });
    await post('push', { workOrderId: order.workOrderId });
    const [notice] = await notices(people.assignee);
    expect(notice!.title).toBe(translate('zh-CN', 'workOrders.assignedNoticeTitle', { number: order.number }));
    expect(notice!.content).toContain(order.number);
    expect(notice!.content).toContain(`Robot ${robot.serial}`);
    expect(notice!.content).toContain(translate('zh-CN', 'workOrders.typeMaintenance'));
    expect((await notices(people.other)).some((n) => n.content.includes(order.number))).toBe(false);

    await post('update', { ...form({ assigneeId: people.other.id }), workOrderId: order.workOrderId });
    const [passed] = await notices(people.other);
    expect(passed!.title).toBe(translate('zh-CN', 'workOrders.assignedNoticeTitle', { number: order.number }));
  });

  describe('lists', () => {
    let person: Person;
    let orders: Record<'late' | 'planned' | 'done', WorkOrderDetail>;
    let second: RegisteredRobot;
    const list = async (query: string) =>
      dataOf<Page<WorkOrderRow>>(await get(`page?index=1&size=50&${query}`, person)).rows.map((r) => r.number);

    beforeAll(async () => {
      const fresh = (await makeTenant(t)).id;
      const admin = await makeUser(t, fresh, { roleCodes: ['tenantAdmin'], grants: GRANTS });
      person = { id: admin.id, token: await login(t.app, admin.account, admin.password) };
      const own = await registerRobot(t, person.token);
      second = await registerRobot(t, person.token);
      const past = new Date(Date.now() - 3_600_000).toISOString();
      const make = (extra: Record<string, unknown>) =>
        create({ robotId: own.robotId, assigneeId: person.id, ...extra }, person);
      orders = {
        late: await make({ urgency: 'urgent', deadline: past, equipmentStatus: 'stopped' }),
        planned: await make({
          type: 'maintenance',
          urgency: 'low',
          robotId: second.robotId,
          deadline: '2031-06-01T00:00:00.000Z',
          items: [
            { moduleName: 'wheels', maintenanceType: 'clean', quantity: 4, amount: '12.5' },
            { moduleName: 'brushes', maintenanceType: 'replace', quantity: 2, amount: '0.75' },
          ],
        }),
        done: await make({ deadline: past }),
      };
      for (const action of ['push', 'process', 'finish'] as const) {
        await post(action, { workOrderId: orders.done.workOrderId }, person);
      }
    });

    it('filters by number, robot, status, type, urgency, deadline range and overdue, and sorts', async () => {
      const { late, planned, done } = orders;
      expect(await list(`number=${late.number.slice(-6)}`)).toEqual([late.number]);
      expect(await list(`robotId=${second.robotId}`)).toEqual([planned.number]);
      expect(await list('status=processed')).toEqual([done.number]);
      expect(await list('type=maintenance')).toEqual([planned.number]);
      expect(await list('urgency=urgent')).toEqual([late.number]);
      expect(await list('deadlineFrom=2031-01-01T00:00:00.000Z')).toEqual([planned.number]);
      expect(await list(`deadlineTo=${new Date().toISOString()}`)).toEqual([done.number, late.number]);
      expect(await list('overdue=true')).toEqual([late.number]);
      expect(await list('overdue=false')).toEqual([done.number, planned.number]);
      expect(await list('sortBy=number&sortOrder=ascend')).toEqual([late.number, planned.number, done.number]);
      expect(await list('sortBy=deadline&sortOrder=descend')).toEqual([planned.number, done.number, late.number]);
      const rows = dataOf<Page<WorkOrderRow>>(await get('page?index=1&size=50&overdue=true', person)).rows;
      expect(rows[0]).toMatchObject({ overdue: true, status: 'draft', equipmentStatus: 'stopped' });
      await expectSortRefused(t, `${BASE}/page?index=1`, person.token, ['robotName', 'status', 'amount']);
      expect((await get('page?index=1&overdue=maybe', person)).statusCode).toBe(422);
    });

    it('exports the filtered list with headers and values in the caller’s language', async () => {
      const { planned } = orders;
      const res = await get('export?type=maintenance', person);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('Work orders'));
      const [header, ...rows] = await sheetRows(res);
      expect(header).toEqual([
        'Number',
        'Status',
        'Type',
        'Source',
        'Robot',
        'Serial number',
        'Fault time',
        'Fault module',
        'Equipment status',
        'Urgency',
        'Deadline',
        'Overdue',
        'Maintenance personnel',
        'Description',
        'Detail items',
        'Total amount',
        'Created by',
        'Created',
        'Finished',
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.slice(0, 6)).toEqual([
        planned.number,
        'Draft',
        'maintenance',
        'Manual',
        `Robot ${second.serial}`,
        second.serial,
      ]);
      expect(rows[0]!.slice(8, 12)).toEqual(['Normal', 'Low', '2031-06-01T00:00:00.000Z', 'No']);
      expect(rows[0]!.slice(14, 16)).toEqual(['2', '13.25']);

      const zh = await sheetRows(await get('export?overdue=true', person, 'zh-CN'));
      expect(zh[0]!.slice(0, 3)).toEqual(['工单编号', '状态', '工单类型']);
      expect(zh.slice(1).map((r) => [r[0], r[1], r[8], r[9], r[11]])).toEqual([
        [orders.late.number, '草稿', '停机维修', '特急', '是'],
      ]);
    });
  });
});
