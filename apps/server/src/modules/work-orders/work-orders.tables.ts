import type {
  EquipmentStatus,
  MaintenanceType,
  UrgencyLevel,
  WorkOrderEventKind,
  WorkOrderSource,
  WorkOrderStatus,
  WorkOrderType,
} from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from '../../db/columns.js';
import { robots } from '../robots/robots.tables.js';
import { tenants } from '../tenants/tenants.tables.js';
import { users } from '../users/users.tables.js';

/**
 * A maintenance work order of one robot. `number` is readable and unique in the tenant. The robot's
 * name and serial are kept on the row, so the order reads the same after the robot is deleted or
 * moved. An open order (not processed) of source `fault` is the one open fault of its robot's
 * module: the partial unique index lets two instances receiving the same report open one draft.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    number: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<WorkOrderStatus>().notNull(),
    type: varchar({ length: 16 }).$type<WorkOrderType>().notNull(),
    source: varchar({ length: 16 }).$type<WorkOrderSource>().notNull(),
    robotId: integer().references(() => robots.id, { onDelete: 'set null' }),
    robotName: varchar({ length: 50 }).notNull(),
    serialNumber: varchar({ length: 64 }).notNull(),
    faultTime: at(),
    equipmentStatus: varchar({ length: 16 }).$type<EquipmentStatus>().notNull(),
    urgency: varchar({ length: 16 }).$type<UrgencyLevel>().notNull(),
    deadline: at().notNull(),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    description: varchar({ length: 500 }).notNull(),
    /** The module a fault report named; null for orders made by hand. */
    faultModule: varchar({ length: 30 }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar({ length: 100 }),
    finishedAt: at(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('work_orders_tenant_number_unique').on(t.tenantId, t.number),
    index('work_orders_tenant_idx').on(t.tenantId, t.createdAt),
    index('work_orders_robot_idx').on(t.robotId),
    uniqueIndex('work_orders_open_fault_unique')
      .on(t.tenantId, t.robotId, t.faultModule)
      .where(sql`${t.source} = 'fault' and ${t.status} <> 'processed'`),
  ],
);

/** A detail item: a module worked on, how, how many, for how much (money exact: numeric). */
export const workOrderItems = pgTable(
  'work_order_items',
  {
    id: id(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    position: smallint().notNull(),
    moduleName: varchar({ length: 30 }).notNull(),
    maintenanceType: varchar({ length: 16 }).$type<MaintenanceType>().notNull(),
    quantity: integer().notNull(),
    /** Read and written as text ('12.50'), never as a float. */
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('work_order_items_order_idx').on(t.workOrderId, t.position)],
);

/** The order's timeline: who did what, when, from which status to which, with a comment. */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: id(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    kind: varchar({ length: 16 }).$type<WorkOrderEventKind>().notNull(),
    fromStatus: varchar({ length: 16 }).$type<WorkOrderStatus>(),
    toStatus: varchar({ length: 16 }).$type<WorkOrderStatus>(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 100 }),
    comment: varchar({ length: 500 }),
    at: at().notNull().defaultNow(),
  },
  (t) => [index('work_order_events_order_idx').on(t.workOrderId, t.at)],
);

/** A robot's fault report behind an order: once per event id, however often it is delivered. */
export const workOrderFaults = pgTable(
  'work_order_faults',
  {
    id: id(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    eventId: varchar({ length: 64 }).notNull(),
    module: varchar({ length: 30 }).notNull(),
    code: varchar({ length: 64 }).notNull(),
    message: varchar({ length: 500 }).notNull(),
    level: smallint().notNull(),
    reportedAt: at().notNull(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('work_order_faults_event_unique').on(t.workOrderId, t.eventId)],
);
