import type { FastifyBaseLogger } from 'fastify';
import {
  allowedWorkOrderOperations,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  FAULT_WORK_ORDER,
  FLEET_WIDE_ROLE_CODES,
  robotEvent,
  translate,
  WORK_ORDER_LIMITS,
  type EquipmentStatus,
  type Language,
  type Page,
  type RobotEvent,
  type SortRequest,
  type UrgencyLevel,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderEventKind,
  type WorkOrderOperation,
  type WorkOrderParty,
  type WorkOrderPerson,
  type WorkOrderRow,
  type WorkOrderSortColumn,
  type WorkOrderStatus,
  type WorkOrderType,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound, sqlStateOf } from '../../platform/errors.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import { findRobot, lockTenantRobots, setRobotStoppedForRepair, type RobotDbRow } from '../robots/robots.shared.js';
import { userIdsWithRoleCodes } from '../roles/roles.shared.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { inScope, isFleetWide, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  countItems,
  deleteWorkOrderIf,
  faultEventKept,
  findOpenFaultOrder,
  findWorkOrder,
  insertEvent,
  insertFaultOnce,
  insertWorkOrder,
  listEvents,
  listFaults,
  listItems,
  listPersonnel,
  nextWorkOrderNumber,
  pageWorkOrders,
  replaceItems,
  robotStoppedByOrders,
  updateWorkOrderIf,
  type WorkOrderDbRow,
  type WorkOrderFilter,
  type WorkOrderItemValues,
  type WorkOrderListed,
} from './work-orders.repository.js';

const UNIQUE_VIOLATION = '23505';
const OPEN_FAULT_INDEX = 'work_orders_open_fault_unique';

/** The order form as the contract's schema hands it over (trimmed, defaults applied). */
export type WorkOrderInput = {
  type: WorkOrderType;
  robotId: number;
  faultTime?: string | null | undefined;
  equipmentStatus: EquipmentStatus;
  urgency: UrgencyLevel;
  deadline: string;
  assigneeId?: number | null | undefined;
  description: string;
  items: WorkOrderItemValues[];
};

export type WorkOrderQuery = Omit<WorkOrderFilter, 'now' | 'visibleTo'> & SortRequest<WorkOrderSortColumn>;

/** The PostgreSQL constraint a unique violation names (through Drizzle's wrapper), if any. */
function violatedConstraint(error: unknown): string | undefined {
  if (sqlStateOf(error) !== UNIQUE_VIOLATION) return undefined;
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  // PGlite may not name it; its message does.
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return text.includes(OPEN_FAULT_INDEX) ? OPEN_FAULT_INDEX : undefined;
}

/** `yyyy-MM-dd` and `HH:mm` of an instant in a time zone. */
function partsIn(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}${parts.month}${parts.day}`,
    text: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
  };
}

/** A robot's report time as the order keeps it: its own clock when sensible, else when it arrived. */
function reportTimeOf(event: RobotEvent, receivedAt: Date): Date {
  const at = new Date(event.ts);
  const year = at.getUTCFullYear();
  return Number.isNaN(at.getTime()) || year < 2000 || at.getTime() > receivedAt.getTime() + 86_400_000
    ? receivedAt
    : at;
}

const toRow = (row: WorkOrderListed, party: WorkOrderParty, now: Date): WorkOrderRow => ({
  workOrderId: row.id,
  number: row.number,
  status: row.status,
  type: row.type,
  source: row.source,
  robotId: row.robotId,
  robotName: row.robotName,
  serialNumber: row.serialNumber,
  faultTime: row.faultTime?.toISOString() ?? null,
  equipmentStatus: row.equipmentStatus,
  urgency: row.urgency,
  deadline: row.deadline.toISOString(),
  overdue: row.status !== 'processed' && row.deadline.getTime() < now.getTime(),
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeId === null ? null : (row.assigneeName ?? null),
  description: row.description,
  faultModule: row.faultModule,
  itemCount: Number(row.itemCount),
  totalAmount: row.totalAmount,
  createdById: row.createdById,
  createdByName: row.createdByName,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
  finishTime: row.finishedAt?.toISOString() ?? null,
  allowed: allowedWorkOrderOperations(row, party),
});

/**
 * Maintenance work orders of a tenant's robots: made by hand as drafts or opened by a robot's
 * fault report, pushed to their maintenance personnel (who get a notice), processed and finished
 * with their detail items. Who may do what from which status is `WORK_ORDER_RULES`; every change
 * is recorded on the order's timeline. An open order that says "stopped" takes its robot out of
 * service (`robots.stopped_for_repair`, which the runs module reads), decided in the same
 * transaction as the change, and the live fleet is told.
 */
export function createWorkOrdersService(
  ctx: AppContext,
  deps: {
    notices: Pick<NoticesService, 'notify'>;
    monitoring: Pick<MonitoringService, 'resolveSerial'>;
    gateway: MqttGateway;
    log: FastifyBaseLogger;
  },
) {
  const { db, bus } = ctx;

  const partyOf = (caller: AuthContext): WorkOrderParty => ({
    userId: caller.userId,
    administrator: isFleetWide(caller),
  });

  async function zoneOf(tenantId: number): Promise<string> {
    return (await findTenant(db, tenantId))?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /**
   * Orders the caller may see: every order of the robots they see, and the orders they created
   * or are assigned to (maintenance personnel need not be assigned the robot).
   */
  async function visibility(caller: AuthContext) {
    const scope = await robotScope(db, caller);
    return {
      scope,
      filter: scope === null ? undefined : { robotIds: scopeFilter(scope) ?? [], userId: caller.userId },
      sees: (order: WorkOrderDbRow) =>
        scope === null ||
        (order.robotId !== null && inScope(scope, order.robotId)) ||
        order.createdById === caller.userId ||
        order.assigneeId === caller.userId,
    };
  }

  async function visibleOrder(caller: AuthContext, workOrderId: number) {
    const order = await findWorkOrder(db, caller.tenantId, workOrderId);
    if (!order || !(await visibility(caller)).sees(order)) throw notFound('workOrders.notFound');
    return order;
  }

  function mayDo(caller: AuthContext, order: WorkOrderDbRow, operation: WorkOrderOperation) {
    if (!allowedWorkOrderOperations(order, partyOf(caller)).includes(operation)) {
      throw new AppError(409, 'workOrders.notAllowed');
    }
  }

  async function detailOf(tenantId: number, order: WorkOrderListed, party: WorkOrderParty): Promise<WorkOrderDetail> {
    const [items, events, faults] = await Promise.all([
      listItems(db, tenantId, order.id),
      listEvents(db, tenantId, order.id),
      listFaults(db, tenantId, order.id),
    ]);
    return {
      ...toRow(order, party, new Date()),
      items: items.map((i) => ({
        itemId: i.id,
        moduleName: i.moduleName,
        maintenanceType: i.maintenanceType,
        quantity: i.quantity,
        amount: i.amount,
        remark: i.remark,
      })),
      history: events.map((e) => ({
        kind: e.kind,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        userId: e.userId,
        userName: e.userName,
        comment: e.comment,
        time: e.at.toISOString(),
      })),
      faults: faults.map((f) => ({
        eventId: f.eventId,
        module: f.module,
        code: f.code,
        message: f.message,
        level: f.level,
        reportTime: f.reportedAt.toISOString(),
      })),
    };
  }

  async function answer(caller: AuthContext, workOrderId: number): Promise<WorkOrderDetail> {
    const order = await findWorkOrder(db, caller.tenantId, workOrderId);
    if (!order) throw notFound('workOrders.notFound');
    return detailOf(caller.tenantId, order, partyOf(caller));
  }

  /**
   * Sets each locked robot's "stopped for repair" from the tenant's open orders, in the
   * transaction that changed them; answers the robots whose flag changed.
   */
  async function settleRobots(tx: DbOrTx, tenantId: number, locked: RobotDbRow[]): Promise<number[]> {
    const changed: number[] = [];
    for (const robot of locked) {
      const stopped = await robotStoppedByOrders(tx, tenantId, robot.id);
      if (stopped === robot.stoppedForRepair) continue;
      await setRobotStoppedForRepair(tx, tenantId, robot.id, stopped);
      changed.push(robot.id);
    }
    return changed;
  }

  /** Robots whose flag changed are read again by every instance's live fleet, which tells the consoles. */
  async function robotsChanged(robotIds: number[]) {
    if (robotIds.length) await bus.publish('robots.changed', { robotIds });
  }

  /** The robot an order names: the tenant's, and one the caller sees; else 404. */
  async function robotFor(caller: AuthContext, robotId: number): Promise<RobotDbRow> {
    const robot = await findRobot(db, caller.tenantId, robotId);
    if (!robot || !inScope(await robotScope(db, caller), robotId)) throw notFound('robots.notFound');
    return robot;
  }

  /** An enabled user of the tenant, else 422 on the field. */
  async function assigneeFor(tenantId: number, userId: number): Promise<WorkOrderPerson> {
    const [person] = await listPersonnel(db, tenantId, userId);
    if (!person) {
      throw new AppError(422, 'workOrders.assigneeNotFound', undefined, [
        { path: 'assigneeId', key: 'workOrders.assigneeNotFound' },
      ]);
    }
    return person;
  }

  const event = (
    kind: WorkOrderEventKind,
    order: { id: number },
    from: WorkOrderStatus | null,
    to: WorkOrderStatus | null,
    who: AuthContext | null,
    comment: string | null,
  ) => ({
    workOrderId: order.id,
    kind,
    fromStatus: from,
    toStatus: to,
    userId: who?.userId ?? null,
    userName: who?.username ?? null,
    comment: comment?.slice(0, WORK_ORDER_LIMITS.commentMax) ?? null,
  });

  /** Tells an order's maintenance personnel it is theirs, in the message center. */
  async function noticeAssigned(order: WorkOrderDbRow) {
    if (order.assigneeId === null) return;
    const lang: Language = DEFAULT_LANGUAGE;
    const params = {
      number: order.number,
      robot: order.robotName,
      type: translate(lang, order.type === 'repair' ? 'workOrders.typeRepair' : 'workOrders.typeMaintenance'),
      deadline: partsIn(order.deadline, await zoneOf(order.tenantId)).text,
    };
    await deps.notices.notify(order.tenantId, [order.assigneeId], {
      title: translate(lang, 'workOrders.assignedNoticeTitle', params),
      content: translate(lang, 'workOrders.assignedNoticeContent', params),
    });
  }

  function orderValues(input: WorkOrderInput, robot: { id: number; name: string; serialNumber: string } | null) {
    return {
      type: input.type,
      ...(robot ? { robotId: robot.id, robotName: robot.name, serialNumber: robot.serialNumber } : {}),
      faultTime: input.faultTime ? new Date(input.faultTime) : null,
      equipmentStatus: input.equipmentStatus,
      urgency: input.urgency,
      deadline: new Date(input.deadline),
      assigneeId: input.assigneeId ?? null,
      description: input.description,
    };
  }

  async function page(
    caller: AuthContext,
    query: WorkOrderQuery & { index: number; size?: number | undefined },
  ): Promise<Page<WorkOrderRow>> {
    const now = new Date();
    const { filter } = await visibility(caller);
    const { rows, total } = await pageWorkOrders(
      db,
      caller.tenantId,
      { ...query, now, visibleTo: filter },
      pageWindow(query),
    );
    const party = partyOf(caller);
    return { rows: rows.map((r) => toRow(r, party, now)), total };
  }

  /** The orders the page would list with the same filters, as a spreadsheet (first 10,000). */
  async function exportXlsx(caller: AuthContext, query: WorkOrderQuery, lang: Language): Promise<Buffer> {
    const now = new Date();
    const { filter } = await visibility(caller);
    const { rows } = await pageWorkOrders(
      db,
      caller.tenantId,
      { ...query, now, visibleTo: filter },
      { offset: 0, limit: EXPORT_MAX_ROWS },
    );
    const party = partyOf(caller);
    const tr = (key: string) => translate(lang, `workOrders.${key}`);
    const cap = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    const columns: XlsxColumn<WorkOrderRow>[] = [
      { header: tr('colNumber'), value: (r) => r.number, width: 20 },
      { header: tr('colStatus'), value: (r) => tr(`status${cap(r.status)}`) },
      { header: tr('colType'), value: (r) => tr(`type${cap(r.type)}`) },
      { header: tr('colSource'), value: (r) => tr(`source${cap(r.source)}`) },
      { header: tr('colRobot'), value: (r) => r.robotName, width: 24 },
      { header: tr('colSerial'), value: (r) => r.serialNumber, width: 24 },
      { header: tr('colFaultTime'), value: (r) => r.faultTime, width: 26 },
      { header: tr('colFaultModule'), value: (r) => r.faultModule },
      { header: tr('colEquipmentStatus'), value: (r) => tr(`equipment${cap(r.equipmentStatus)}`) },
      { header: tr('colUrgency'), value: (r) => tr(`urgency${cap(r.urgency)}`) },
      { header: tr('colDeadline'), value: (r) => r.deadline, width: 26 },
      { header: tr('colOverdue'), value: (r) => tr(r.overdue ? 'yes' : 'no') },
      { header: tr('colAssignee'), value: (r) => r.assigneeName },
      { header: tr('colDescription'), value: (r) => r.description, width: 40 },
      { header: tr('colItemCount'), value: (r) => r.itemCount },
      // Text, as the API answers it: a spreadsheet number is a float.
      { header: tr('colTotalAmount'), value: (r) => r.totalAmount },
      { header: tr('colCreatedBy'), value: (r) => r.createdByName },
      { header: tr('colCreateTime'), value: (r) => r.createTime, width: 26 },
      { header: tr('colFinishTime'), value: (r) => r.finishTime, width: 26 },
    ];
    return buildXlsx(
      tr('sheet'),
      columns,
      rows.map((r) => toRow(r, party, now)),
    );
  }

  async function detail(caller: AuthContext, workOrderId: number): Promise<WorkOrderDetail> {
    return detailOf(caller.tenantId, await visibleOrder(caller, workOrderId), partyOf(caller));
  }

  async function personnel(caller: AuthContext): Promise<WorkOrderPerson[]> {
    return listPersonnel(db, caller.tenantId);
  }

  /** A new order: a draft of the caller, numbered in the tenant's day. */
  async function create(caller: AuthContext, input: WorkOrderInput): Promise<WorkOrderDetail> {
    const robot = await robotFor(caller, input.robotId);
    if (input.assigneeId != null) await assigneeFor(caller.tenantId, input.assigneeId);
    const zone = await zoneOf(caller.tenantId);
    const { order, changed } = await db.transaction(async (tx) => {
      const locked = await lockTenantRobots(tx, caller.tenantId, [robot.id]);
      if (locked.length === 0) throw notFound('robots.notFound');
      const now = new Date();
      const number = await nextWorkOrderNumber(tx, caller.tenantId, `WO${partsIn(now, zone).day}`);
      const made = await insertWorkOrder(tx, caller.tenantId, {
        ...orderValues(input, locked[0]!),
        number,
        status: 'draft',
        source: 'manual',
        robotId: robot.id,
        robotName: locked[0]!.name,
        serialNumber: locked[0]!.serialNumber,
        createdById: caller.userId,
        createdByName: caller.username,
        createdAt: now,
        updatedAt: now,
      });
      await replaceItems(tx, caller.tenantId, made.id, input.items);
      await insertEvent(tx, caller.tenantId, event('create', made, null, 'draft', caller, null));
      return { order: made, changed: await settleRobots(tx, caller.tenantId, locked) };
    });
    await robotsChanged(changed);
    return answer(caller, order.id);
  }

  /** Changes an open order and replaces its items; a new assignee of a pushed order gets a notice. */
  async function update(
    caller: AuthContext,
    input: WorkOrderInput & { workOrderId: number },
  ): Promise<WorkOrderDetail> {
    const order = await visibleOrder(caller, input.workOrderId);
    mayDo(caller, order, 'edit');
    // The same robot stays even when it has left the tenant since (its name and serial are kept).
    const robot = input.robotId === order.robotId ? null : await robotFor(caller, input.robotId);
    if (input.assigneeId != null) await assigneeFor(caller.tenantId, input.assigneeId);
    if (order.status !== 'draft' && input.assigneeId == null) throw new AppError(409, 'workOrders.assigneeRequired');
    const { updated, changed } = await db.transaction(async (tx) => {
      const robotIds = [order.robotId, robot?.id].filter((id): id is number => id != null);
      const locked = await lockTenantRobots(tx, caller.tenantId, robotIds);
      const next = robot ? locked.find((r) => r.id === robot.id) : null;
      if (robot && !next) throw notFound('robots.notFound');
      const row = await updateWorkOrderIf(
        tx,
        caller.tenantId,
        order.id,
        order.status,
        orderValues(input, next ?? null),
      );
      if (!row) throw new AppError(409, 'workOrders.notAllowed');
      await replaceItems(tx, caller.tenantId, order.id, input.items);
      await insertEvent(tx, caller.tenantId, event('update', order, order.status, order.status, caller, null));
      return { updated: row, changed: await settleRobots(tx, caller.tenantId, locked) };
    });
    await robotsChanged(changed);
    if (updated.status !== 'draft' && updated.assigneeId !== order.assigneeId) await noticeAssigned(updated);
    return answer(caller, order.id);
  }

  /** Deletes a draft (its items, timeline and fault reports with it). */
  async function remove(caller: AuthContext, workOrderId: number): Promise<void> {
    const order = await visibleOrder(caller, workOrderId);
    mayDo(caller, order, 'delete');
    const changed = await db.transaction(async (tx) => {
      const locked = await lockTenantRobots(tx, caller.tenantId, order.robotId === null ? [] : [order.robotId]);
      if (!(await deleteWorkOrderIf(tx, caller.tenantId, order.id, 'draft'))) {
        throw new AppError(409, 'workOrders.notAllowed');
      }
      return settleRobots(tx, caller.tenantId, locked);
    });
    await robotsChanged(changed);
  }

  const NEXT: Record<WorkOrderAction, { from: WorkOrderStatus; to: WorkOrderStatus }> = {
    push: { from: 'draft', to: 'pending' },
    process: { from: 'pending', to: 'processing' },
    finish: { from: 'processing', to: 'processed' },
  };

  /**
   * A status action (push, process, finish) as `WORK_ORDER_RULES` allows it to the caller, recorded
   * on the timeline with its comment. Push needs an assignee (who gets a notice); finish needs
   * detail items, and puts the robot back in service unless another open order stops it.
   */
  async function act(
    caller: AuthContext,
    action: WorkOrderAction,
    input: { workOrderId: number; comment: string | null },
  ): Promise<WorkOrderDetail> {
    const order = await visibleOrder(caller, input.workOrderId);
    mayDo(caller, order, action);
    const { from, to } = NEXT[action];
    if (action === 'push') {
      if (order.assigneeId === null) throw new AppError(409, 'workOrders.assigneeRequired');
      await assigneeFor(caller.tenantId, order.assigneeId);
    }
    if (action === 'finish' && Number(order.itemCount) === 0) throw new AppError(409, 'workOrders.detailsRequired');
    const { updated, changed } = await db.transaction(async (tx) => {
      const locked =
        action === 'finish' && order.robotId !== null
          ? await lockTenantRobots(tx, caller.tenantId, [order.robotId])
          : [];
      const row = await updateWorkOrderIf(tx, caller.tenantId, order.id, from, {
        status: to,
        ...(action === 'finish' ? { finishedAt: new Date() } : {}),
      });
      if (!row) throw new AppError(409, 'workOrders.notAllowed');
      // Items replaced by an edit meanwhile count as they are now.
      if (action === 'finish' && (await countItems(tx, caller.tenantId, order.id)) === 0) {
        throw new AppError(409, 'workOrders.detailsRequired');
      }
      await insertEvent(tx, caller.tenantId, event(action, order, from, to, caller, input.comment));
      return { updated: row, changed: await settleRobots(tx, caller.tenantId, locked) };
    });
    await robotsChanged(changed);
    if (action === 'push') await noticeAssigned(updated);
    return answer(caller, order.id);
  }

  // -------------------------------------------------------------------------------------------
  // Fault reports
  // -------------------------------------------------------------------------------------------

  type FaultRobot = { tenantId: number; robotId: number; name: string; serial: string };

  /**
   * Adds a report to the open order of its robot's module, or opens that order: one transaction,
   * answering the order and whether it was opened now. Undefined when the report was kept already.
   */
  async function keepFault(robot: FaultRobot, report: RobotEvent & { module: string }, receivedAt: Date) {
    const reportedAt = reportTimeOf(report, receivedAt);
    const fault = {
      eventId: report.id,
      module: report.module,
      code: report.code,
      message: report.message,
      level: report.level,
      reportedAt,
    };
    const comment = `${report.code}: ${report.message}`;
    const zone = await zoneOf(robot.tenantId);
    return db.transaction(async (tx) => {
      const open = await findOpenFaultOrder(tx, robot.tenantId, robot.robotId, report.module);
      if (open) {
        if (!(await insertFaultOnce(tx, robot.tenantId, { ...fault, workOrderId: open.id }))) return undefined;
        await insertEvent(tx, robot.tenantId, event('fault', open, open.status, open.status, null, comment));
        await updateWorkOrderIf(tx, robot.tenantId, open.id, open.status, {});
        return { order: open, opened: false };
      }
      const number = await nextWorkOrderNumber(tx, robot.tenantId, `WO${partsIn(receivedAt, zone).day}`);
      const description = translate(DEFAULT_LANGUAGE, 'workOrders.faultDescription', {
        module: report.module,
        code: report.code,
        message: report.message,
      })
        .padEnd(WORK_ORDER_LIMITS.descriptionMin, '.')
        .slice(0, WORK_ORDER_LIMITS.descriptionMax);
      const order = await insertWorkOrder(tx, robot.tenantId, {
        number,
        status: 'draft',
        type: FAULT_WORK_ORDER.type,
        source: 'fault',
        robotId: robot.robotId,
        robotName: robot.name,
        serialNumber: robot.serial,
        faultTime: reportedAt,
        equipmentStatus: FAULT_WORK_ORDER.equipmentStatus,
        urgency: FAULT_WORK_ORDER.urgencyByLevel[report.level] ?? 'urgent',
        deadline: new Date(receivedAt.getTime() + FAULT_WORK_ORDER.deadlineMs),
        description,
        faultModule: report.module,
        createdById: null,
        createdByName: null,
      });
      await insertFaultOnce(tx, robot.tenantId, { ...fault, workOrderId: order.id });
      await insertEvent(tx, robot.tenantId, event('create', order, null, 'draft', null, comment));
      return { order, opened: true };
    });
  }

  /** Tells the tenant's administrators that a robot's fault report opened a draft. */
  async function noticeFault(order: WorkOrderDbRow, report: RobotEvent & { module: string }) {
    const admins = await userIdsWithRoleCodes(db, order.tenantId, FLEET_WIDE_ROLE_CODES);
    if (admins.length === 0) return;
    const lang: Language = DEFAULT_LANGUAGE;
    const params = {
      robot: order.robotName,
      serial: order.serialNumber,
      module: report.module,
      code: report.code,
      message: report.message,
      number: order.number,
    };
    await deps.notices.notify(order.tenantId, admins, {
      title: translate(lang, 'workOrders.faultNoticeTitle', params),
      content: translate(lang, 'workOrders.faultNoticeContent', params),
    });
  }

  /**
   * A robot's `fault` event: opens one draft per robot and module while it is open, adds repeated
   * reports to it (once per event id), and tells the administrators of a new one. Two instances
   * receiving reports of one module at once agree through the open-fault unique index: the one
   * that loses adds its report to the other's order.
   */
  async function onEvent(serial: string, payload: unknown) {
    const parsed = robotEvent.safeParse(payload);
    if (!parsed.success || parsed.data.kind !== 'fault' || parsed.data.module === undefined) return;
    const report = { ...parsed.data, module: parsed.data.module };
    const entry = await deps.monitoring.resolveSerial(serial);
    if (!entry) {
      deps.log.warn({ serial }, 'fault report dropped: unknown robot');
      return;
    }
    const robot: FaultRobot = {
      tenantId: entry.tenantId,
      robotId: entry.robot.robotId,
      name: entry.robot.name,
      serial: entry.robot.serialNumber,
    };
    if (await faultEventKept(db, robot.tenantId, robot.robotId, report.id)) return;
    const receivedAt = new Date();
    let kept;
    try {
      kept = await keepFault(robot, report, receivedAt);
    } catch (error) {
      if (violatedConstraint(error) !== OPEN_FAULT_INDEX) throw error;
      kept = await keepFault(robot, report, receivedAt);
    }
    if (kept?.opened) await noticeFault(kept.order, report);
  }

  function start() {
    deps.gateway.on('event', (serial, payload) =>
      onEvent(serial, payload).catch((error: unknown) => deps.log.error({ err: error, serial }, 'fault report failed')),
    );
  }

  return {
    page,
    exportXlsx,
    detail,
    personnel,
    create,
    update,
    remove,
    push: (caller: AuthContext, input: { workOrderId: number; comment: string | null }) => act(caller, 'push', input),
    process: (caller: AuthContext, input: { workOrderId: number; comment: string | null }) =>
      act(caller, 'process', input),
    finish: (caller: AuthContext, input: { workOrderId: number; comment: string | null }) =>
      act(caller, 'finish', input),
    onEvent,
    start,
  };
}

export type WorkOrdersService = ReturnType<typeof createWorkOrdersService>;
