import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  MaintenanceType,
  SortRequest,
  UrgencyLevel,
  WorkOrderSortColumn,
  WorkOrderStatus,
  WorkOrderType,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { users } from '../users/users.tables.js';
import { workOrderEvents, workOrderFaults, workOrderItems, workOrders } from './work-orders.tables.js';

export type WorkOrderDbRow = typeof workOrders.$inferSelect;
export type WorkOrderValues = Omit<typeof workOrders.$inferInsert, 'id' | 'tenantId'>;
export type WorkOrderItemValues = {
  moduleName: string;
  maintenanceType: MaintenanceType;
  quantity: number;
  /** Money as text ('12.5'); the column keeps it exact. */
  amount: string;
  remark: string | null;
};
/** An order with what its row shows beside its columns: the assignee's name, its items' count and total. */
export type WorkOrderListed = WorkOrderDbRow & { assigneeName: string | null; itemCount: number; totalAmount: string };

/** Lock class of the numbering (with the tenant id as the second key): one number at a time per tenant. */
const NUMBER_LOCK_CLASS = 0x574f; // "WO"

const listedColumns = {
  ...getTableColumns(workOrders),
  assigneeName: users.username,
  itemCount: sql<number>`(select count(*)::int from ${workOrderItems} where ${workOrderItems.workOrderId} = ${workOrders.id})`,
  // Summed by the database in numeric and read as text: money never passes through a float.
  totalAmount: sql<string>`(select coalesce(sum(${workOrderItems.amount}), 0)::numeric(16, 2)::text from ${workOrderItems} where ${workOrderItems.workOrderId} = ${workOrders.id})`,
};

/** The assignee, when a user of the order's own tenant. */
const assigneeJoin = and(eq(users.id, workOrders.assigneeId), eq(users.tenantId, workOrders.tenantId));

const WORK_ORDER_SORT = {
  number: workOrders.number,
  deadline: workOrders.deadline,
  faultTime: workOrders.faultTime,
  createTime: workOrders.createdAt,
  updateTime: workOrders.updatedAt,
};

export type WorkOrderFilter = {
  number?: string | undefined;
  robotId?: number | undefined;
  status?: WorkOrderStatus | undefined;
  type?: WorkOrderType | undefined;
  urgency?: UrgencyLevel | undefined;
  deadlineFrom?: Date | undefined;
  deadlineTo?: Date | undefined;
  /** true: open and past the deadline at `now`; false: anything else. */
  overdue?: boolean | undefined;
  now: Date;
  /** Only orders of these robots or of this user (created or assigned); all when absent. */
  visibleTo?: { robotIds: number[]; userId: number } | undefined;
} & SortRequest<WorkOrderSortColumn>;

const overdueAt = (now: Date) => and(ne(workOrders.status, 'processed'), lt(workOrders.deadline, now))!;

/** A tenant's work orders, the newest first unless sorted by a column. */
export async function pageWorkOrders(
  db: DbOrTx,
  tenantId: number,
  filter: WorkOrderFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: WorkOrderListed[]; total: number }> {
  const visible = filter.visibleTo;
  const conditions: (SQL | undefined)[] = [
    filter.number ? ilike(workOrders.number, likePattern(filter.number)) : undefined,
    filter.robotId ? eq(workOrders.robotId, filter.robotId) : undefined,
    filter.status ? eq(workOrders.status, filter.status) : undefined,
    filter.type ? eq(workOrders.type, filter.type) : undefined,
    filter.urgency ? eq(workOrders.urgency, filter.urgency) : undefined,
    filter.deadlineFrom ? gte(workOrders.deadline, filter.deadlineFrom) : undefined,
    filter.deadlineTo ? lte(workOrders.deadline, filter.deadlineTo) : undefined,
    filter.overdue === true ? overdueAt(filter.now) : undefined,
    filter.overdue === false ? not(overdueAt(filter.now)) : undefined,
    visible
      ? or(
          visible.robotIds.length ? inArray(workOrders.robotId, visible.robotIds) : undefined,
          eq(workOrders.createdById, visible.userId),
          eq(workOrders.assigneeId, visible.userId),
        )
      : undefined,
  ];
  const where = inTenant(workOrders, tenantId, ...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(listedColumns)
      .from(workOrders)
      .leftJoin(users, assigneeJoin)
      .where(where)
      .orderBy(...orderOf(filter, WORK_ORDER_SORT, workOrders.id, [desc(workOrders.createdAt), desc(workOrders.id)]))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(workOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findWorkOrder(db: DbOrTx, tenantId: number, id: number): Promise<WorkOrderListed | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(workOrders)
    .leftJoin(users, assigneeJoin)
    .where(inTenant(workOrders, tenantId, eq(workOrders.id, id)))
    .limit(1);
  return row;
}

/**
 * The next number of the tenant's day (`prefix` is `WO` + the day): takes the tenant's numbering
 * lock until the transaction ends, so two orders made at once (on any instance) never draw the same.
 */
export async function nextWorkOrderNumber(tx: DbOrTx, tenantId: number, prefix: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_CLASS}::int, ${tenantId}::int)`);
  const [last] = await tx
    .select({ number: workOrders.number })
    .from(workOrders)
    .where(inTenant(workOrders, tenantId, like(workOrders.number, `${prefix}-%`)))
    .orderBy(desc(sql`length(${workOrders.number})`), desc(workOrders.number))
    .limit(1);
  const sequence = last ? Number(last.number.slice(prefix.length + 1)) + 1 : 1;
  return `${prefix}-${String(Number.isSafeInteger(sequence) ? sequence : 1).padStart(4, '0')}`;
}

export async function insertWorkOrder(db: DbOrTx, tenantId: number, values: WorkOrderValues): Promise<WorkOrderDbRow> {
  const [row] = await db
    .insert(workOrders)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

/** Changes an order still in status `from`; undefined when it is not (any more). */
export async function updateWorkOrderIf(
  db: DbOrTx,
  tenantId: number,
  id: number,
  from: WorkOrderStatus,
  values: Partial<WorkOrderValues>,
): Promise<WorkOrderDbRow | undefined> {
  const [row] = await db
    .update(workOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(workOrders, tenantId, eq(workOrders.id, id), eq(workOrders.status, from)))
    .returning();
  return row;
}

/** Deletes an order still in status `from`; false when it is not (any more). */
export async function deleteWorkOrderIf(db: DbOrTx, tenantId: number, id: number, from: WorkOrderStatus) {
  const rows = await db
    .delete(workOrders)
    .where(inTenant(workOrders, tenantId, eq(workOrders.id, id), eq(workOrders.status, from)))
    .returning({ id: workOrders.id });
  return rows.length > 0;
}

/** The order's items become exactly these, in this order. */
export async function replaceItems(db: DbOrTx, tenantId: number, workOrderId: number, items: WorkOrderItemValues[]) {
  await db
    .delete(workOrderItems)
    .where(inTenant(workOrderItems, tenantId, eq(workOrderItems.workOrderId, workOrderId)));
  if (items.length === 0) return;
  await db.insert(workOrderItems).values(items.map((item, position) => ({ ...item, tenantId, workOrderId, position })));
}

export async function listItems(db: DbOrTx, tenantId: number, workOrderId: number) {
  return db
    .select({
      id: workOrderItems.id,
      moduleName: workOrderItems.moduleName,
      maintenanceType: workOrderItems.maintenanceType,
      quantity: workOrderItems.quantity,
      // Text with its 2 decimals, as the column holds it.
      amount: sql<string>`${workOrderItems.amount}::text`,
      remark: workOrderItems.remark,
    })
    .from(workOrderItems)
    .where(inTenant(workOrderItems, tenantId, eq(workOrderItems.workOrderId, workOrderId)))
    .orderBy(asc(workOrderItems.position), asc(workOrderItems.id));
}

export async function countItems(db: DbOrTx, tenantId: number, workOrderId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workOrderItems)
    .where(inTenant(workOrderItems, tenantId, eq(workOrderItems.workOrderId, workOrderId)));
  return row?.n ?? 0;
}

export async function insertEvent(
  db: DbOrTx,
  tenantId: number,
  event: Omit<typeof workOrderEvents.$inferInsert, 'id' | 'tenantId'>,
) {
  await db.insert(workOrderEvents).values({ ...event, tenantId });
}

/** The order's timeline, oldest first. */
export async function listEvents(db: DbOrTx, tenantId: number, workOrderId: number) {
  return db
    .select()
    .from(workOrderEvents)
    .where(inTenant(workOrderEvents, tenantId, eq(workOrderEvents.workOrderId, workOrderId)))
    .orderBy(asc(workOrderEvents.at), asc(workOrderEvents.id));
}

/** Keeps a fault report of the order once per event id; false when it was kept already. */
export async function insertFaultOnce(
  db: DbOrTx,
  tenantId: number,
  fault: Omit<typeof workOrderFaults.$inferInsert, 'id' | 'tenantId' | 'receivedAt'>,
): Promise<boolean> {
  const rows = await db
    .insert(workOrderFaults)
    .values({ ...fault, tenantId })
    .onConflictDoNothing({ target: [workOrderFaults.workOrderId, workOrderFaults.eventId] })
    .returning({ id: workOrderFaults.id });
  return rows.length > 0;
}

export async function listFaults(db: DbOrTx, tenantId: number, workOrderId: number) {
  return db
    .select()
    .from(workOrderFaults)
    .where(inTenant(workOrderFaults, tenantId, eq(workOrderFaults.workOrderId, workOrderId)))
    .orderBy(asc(workOrderFaults.reportedAt), asc(workOrderFaults.id));
}

/** Whether a report with this event id of this robot was kept on any of the tenant's orders. */
export async function faultEventKept(db: DbOrTx, tenantId: number, robotId: number, eventId: string) {
  const [row] = await db
    .select({ id: workOrderFaults.id })
    .from(workOrderFaults)
    .innerJoin(workOrders, eq(workOrders.id, workOrderFaults.workOrderId))
    .where(inTenant(workOrderFaults, tenantId, eq(workOrderFaults.eventId, eventId), eq(workOrders.robotId, robotId)))
    .limit(1);
  return row !== undefined;
}

/** The open order a robot's fault reports of a module opened (at most one: a partial unique index). */
export async function findOpenFaultOrder(db: DbOrTx, tenantId: number, robotId: number, module: string) {
  const [row] = await db
    .select()
    .from(workOrders)
    .where(
      inTenant(
        workOrders,
        tenantId,
        eq(workOrders.source, 'fault'),
        ne(workOrders.status, 'processed'),
        eq(workOrders.robotId, robotId),
        eq(workOrders.faultModule, module),
      ),
    )
    .limit(1);
  return row;
}

/** Whether an open order of the tenant says its robot is stopped for repair. */
export async function robotStoppedByOrders(db: DbOrTx, tenantId: number, robotId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      inTenant(
        workOrders,
        tenantId,
        eq(workOrders.robotId, robotId),
        eq(workOrders.equipmentStatus, 'stopped'),
        ne(workOrders.status, 'processed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The enabled users of the tenant, by name: who an order may be assigned to. */
export async function listPersonnel(db: DbOrTx, tenantId: number, userId?: number) {
  return db
    .select({ userId: users.id, name: users.username, account: users.account })
    .from(users)
    .where(
      inTenant(
        users,
        tenantId,
        eq(users.status, STATUS.enabled),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .orderBy(asc(users.username), asc(users.id));
}
