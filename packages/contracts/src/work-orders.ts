import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { INT4_MAX, keywordFilter, rowId, timeFilterOf } from './fields.js';
import { messageParams } from './messages.js';
import { sortQuery } from './sorting.js';

/**
 * Maintenance work orders (`/robot/repair`, spec sections 3, 4 and 5): a repair or a maintenance
 * of one robot, opened by hand or by the robot's own fault report, pushed to the maintenance
 * personnel, processed and finished with its detail items (the modules worked on, what was done,
 * how many, what it cost).
 *
 * Who may do what from which status is one table, `WORK_ORDER_RULES`, read by the server (which
 * refuses anything else with 409) and by the console (which shows only what is allowed).
 */
export const workOrderStatuses = ['draft', 'pending', 'processing', 'processed'] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];
export const workOrderTypes = ['repair', 'maintenance'] as const;
export type WorkOrderType = (typeof workOrderTypes)[number];
/** The robot's equipment status while the order is open: `stopped` takes it out of service. */
export const equipmentStatuses = ['stopped', 'normal'] as const;
export type EquipmentStatus = (typeof equipmentStatuses)[number];
export const urgencyLevels = ['low', 'normal', 'high', 'urgent'] as const;
export type UrgencyLevel = (typeof urgencyLevels)[number];
/** What was done to a module (a detail item's maintenance type). */
export const maintenanceTypes = ['replace', 'repair', 'adjust', 'clean', 'inspect', 'other'] as const;
export type MaintenanceType = (typeof maintenanceTypes)[number];
/** `manual`: created in the console; `fault`: opened by the robot's fault report (`protocol.ts`). */
export const workOrderSources = ['manual', 'fault'] as const;
export type WorkOrderSource = (typeof workOrderSources)[number];

/** The status actions (spec section 4: push, process, finish). */
export const workOrderActions = ['push', 'process', 'finish'] as const;
export type WorkOrderAction = (typeof workOrderActions)[number];
/** Everything a caller may be allowed to do to an order: the status actions, and edit and delete. */
export const workOrderOperations = [...workOrderActions, 'edit', 'delete'] as const;
export type WorkOrderOperation = (typeof workOrderOperations)[number];
/** What a history entry records: the status actions, and the order's creation and edits. */
export const workOrderEventKinds = ['create', 'update', 'push', 'process', 'finish', 'fault'] as const;
export type WorkOrderEventKind = (typeof workOrderEventKinds)[number];

export const WORK_ORDER_LIMITS = {
  /** Spec section 5: module name required, at most 30. */
  moduleNameMax: 30,
  /** Spec section 5: remark at most 500. */
  remarkMax: 500,
  /** Spec section 5: description required, 20 to 500. */
  descriptionMin: 20,
  descriptionMax: 500,
  /** A comment on a status action. */
  commentMax: 500,
  /** Detail items of one order. */
  itemsMax: 50,
  /** A detail item's quantity: a whole number from 1. */
  quantityMax: 99_999,
  /** A detail item's amount: money with at most 2 decimals, below 10^10 (stored as numeric(12,2)). */
  amountIntegerDigits: 10,
  /** `WO` + yyyyMMdd + `-` + a sequence of the tenant's day. */
  numberMax: 32,
} as const;

/** An amount of money as text: at most 10 digits before the point and 2 after; never a float. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/**
 * Who may do an operation, from which statuses. `creator`: the user who created the order (a
 * robot's fault report has none); `assignee`: the order's maintenance personnel; `admin`: the
 * tenant's administrators (roles `admin`, `tenantAdmin`) and platform administrators. Anything
 * else answers 409 `workOrders.notAllowed`; see docs/decisions.md, "Work order transitions".
 */
export const WORK_ORDER_RULES: Record<
  WorkOrderOperation,
  { from: readonly WorkOrderStatus[]; to?: WorkOrderStatus; by: readonly ('creator' | 'assignee' | 'admin')[] }
> = {
  edit: { from: ['draft', 'pending', 'processing'], by: ['creator', 'assignee', 'admin'] },
  delete: { from: ['draft'], by: ['creator', 'admin'] },
  push: { from: ['draft'], to: 'pending', by: ['creator', 'admin'] },
  process: { from: ['pending'], to: 'processing', by: ['assignee', 'admin'] },
  finish: { from: ['processing'], to: 'processed', by: ['assignee', 'admin'] },
};

/** Who the caller is to an order. */
export type WorkOrderParty = { userId: number; administrator: boolean };

/** The operations a caller may do to an order now (its status, its creator and assignee). */
export function allowedWorkOrderOperations(
  order: { status: WorkOrderStatus; createdById: number | null; assigneeId: number | null },
  caller: WorkOrderParty,
): WorkOrderOperation[] {
  const roles = new Set<'creator' | 'assignee' | 'admin'>();
  if (caller.administrator) roles.add('admin');
  if (order.createdById != null && order.createdById === caller.userId) roles.add('creator');
  if (order.assigneeId != null && order.assigneeId === caller.userId) roles.add('assignee');
  return workOrderOperations.filter((op) => {
    const rule = WORK_ORDER_RULES[op];
    if (!rule.from.includes(order.status)) return false;
    // An assignee edits only once the order is theirs to work on; before that it is the creator's.
    if (op === 'edit' && order.status !== 'processing' && !roles.has('creator') && !roles.has('admin')) return false;
    return rule.by.some((who) => roles.has(who));
  });
}

/**
 * The draft a robot's fault report opens (`protocol.ts`, event kind `fault`): a repair of the
 * reported module, the robot still in service (equipment status normal, until a person decides
 * otherwise), its urgency from the report's level (0 normal, 1 high, 2 urgent), due a day after the
 * console received the report. See docs/decisions.md, "Work order transitions".
 */
export const FAULT_WORK_ORDER = {
  type: 'repair',
  equipmentStatus: 'normal',
  urgencyByLevel: ['normal', 'high', 'urgent'],
  deadlineMs: 24 * 60 * 60 * 1000,
} as const satisfies {
  type: WorkOrderType;
  equipmentStatus: EquipmentStatus;
  urgencyByLevel: readonly UrgencyLevel[];
  deadlineMs: number;
};

/** Open: not yet processed. An open order whose deadline has passed is overdue. */
export const isWorkOrderOverdue = (order: { status: WorkOrderStatus; deadline: string }, now = new Date()) =>
  order.status !== 'processed' && Date.parse(order.deadline) < now.getTime();

// ---------------------------------------------------------------------------------------------
// Fields (spec section 5), for the form, the API and the server alike
// ---------------------------------------------------------------------------------------------

/** A point in time the form sends: ISO 8601. */
const instant = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { message: requiredKey, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'validation.invalid', abort: true })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 2000 && year <= 9999;
    }, 'validation.invalid');

/** An amount: text (or a JSON number, read as its text) with at most 2 decimals; never a float. */
export const amountValue = z
  .union([z.string(), z.number()], { error: 'workOrders.amountInvalid' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => v !== '', 'workOrders.amountRequired')
  .refine((v) => v === '' || AMOUNT_PATTERN.test(v), 'workOrders.amountInvalid');

/** One detail item: module name, maintenance type, quantity, amount, remark. */
export const workOrderItemInput = z.object({
  moduleName: z
    .string({ error: 'workOrders.moduleNameRequired' })
    .trim()
    .min(1, 'workOrders.moduleNameRequired')
    .max(WORK_ORDER_LIMITS.moduleNameMax, 'workOrders.moduleNameTooLong'),
  maintenanceType: z.enum(maintenanceTypes, { error: 'workOrders.maintenanceTypeRequired' }),
  quantity: z
    .number({ error: 'workOrders.quantityInvalid' })
    .int('workOrders.quantityInvalid')
    .min(1, 'workOrders.quantityInvalid')
    .max(WORK_ORDER_LIMITS.quantityMax, 'workOrders.quantityInvalid'),
  amount: amountValue,
  remark: z
    .string()
    .trim()
    .max(WORK_ORDER_LIMITS.remarkMax, 'workOrders.remarkTooLong')
    .optional()
    .transform((v) => v || null)
    .nullable(),
});
export type WorkOrderItemInput = z.input<typeof workOrderItemInput>;

const workOrderShape = {
  type: z.enum(workOrderTypes, { error: 'workOrders.typeRequired' }),
  robotId: z
    .number({ error: 'workOrders.robotRequired' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(INT4_MAX, 'validation.outOfRange'),
  /** When the fault happened (ISO); none for a planned maintenance. */
  faultTime: instant('validation.required').nullable().optional(),
  equipmentStatus: z.enum(equipmentStatuses, { error: 'workOrders.equipmentStatusRequired' }),
  urgency: z.enum(urgencyLevels, { error: 'workOrders.urgencyRequired' }),
  /** ISO instant. */
  deadline: instant('workOrders.deadlineRequired'),
  /** The maintenance personnel: a user of the tenant; required before the order is pushed. */
  assigneeId: rowId.nullable().optional(),
  description: z
    .string({ error: 'workOrders.descriptionRequired' })
    .trim()
    .min(1, { message: 'workOrders.descriptionRequired', abort: true })
    .min(WORK_ORDER_LIMITS.descriptionMin, 'workOrders.descriptionLength')
    .max(WORK_ORDER_LIMITS.descriptionMax, 'workOrders.descriptionLength'),
  items: z.array(workOrderItemInput).max(WORK_ORDER_LIMITS.itemsMax, 'workOrders.itemsTooMany').optional().default([]),
};

/** The order form, and POST robot-server/repair/create. A new order is a draft. */
export const workOrderForm = z.object(workOrderShape);
export type WorkOrderFormInput = z.input<typeof workOrderForm>;
export const createWorkOrderRequest = workOrderForm;
export type CreateWorkOrderRequest = z.input<typeof createWorkOrderRequest>;
/** POST robot-server/repair/update: the whole order, its items replacing the old ones. */
export const updateWorkOrderRequest = z.object({ workOrderId: rowId, ...workOrderShape });
export type UpdateWorkOrderRequest = z.input<typeof updateWorkOrderRequest>;
export const workOrderIdRequest = z.object({ workOrderId: rowId });
/** GET robot-server/repair/detail */
export const workOrderIdQuery = z.object({ workOrderId: rowId });
/** POST robot-server/repair/push|process|finish: the status action, with an optional comment. */
export const workOrderActionRequest = z.object({
  workOrderId: rowId,
  comment: z
    .string()
    .trim()
    .max(WORK_ORDER_LIMITS.commentMax, 'workOrders.commentTooLong')
    .optional()
    .transform((v) => v || null),
});
export type WorkOrderActionRequest = z.input<typeof workOrderActionRequest>;

// ---------------------------------------------------------------------------------------------
// Lists and details
// ---------------------------------------------------------------------------------------------

export const WORK_ORDER_SORT_COLUMNS = ['number', 'deadline', 'faultTime', 'createTime', 'updateTime'] as const;
export type WorkOrderSortColumn = (typeof WORK_ORDER_SORT_COLUMNS)[number];

/** GET robot-server/repair/page and /export: the list's filters (spec: number, robot, status, ...). */
export const workOrderPageQuery = pageQuery.extend({
  /** Part of the number. */
  number: keywordFilter,
  robotId: rowId.optional(),
  status: z.enum(workOrderStatuses, { error: 'validation.invalid' }).optional(),
  type: z.enum(workOrderTypes, { error: 'validation.invalid' }).optional(),
  urgency: z.enum(urgencyLevels, { error: 'validation.invalid' }).optional(),
  deadlineFrom: timeFilterOf(),
  deadlineTo: timeFilterOf(),
  /** `true`: only open orders past their deadline. */
  overdue: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  ...sortQuery(WORK_ORDER_SORT_COLUMNS),
});
export type WorkOrderPageQuery = z.input<typeof workOrderPageQuery>;

export const workOrderRow = z.object({
  workOrderId: z.number().int(),
  /** `WO20261125-0001`: readable, unique in the tenant. */
  number: z.string(),
  status: z.enum(workOrderStatuses),
  type: z.enum(workOrderTypes),
  source: z.enum(workOrderSources),
  /** Null once the robot was deleted; its name and serial stay. */
  robotId: z.number().int().nullable(),
  robotName: z.string(),
  serialNumber: z.string(),
  faultTime: z.string().nullable(),
  equipmentStatus: z.enum(equipmentStatuses),
  urgency: z.enum(urgencyLevels),
  deadline: z.string(),
  /** Open and past its deadline. */
  overdue: z.boolean(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  description: z.string(),
  /** The module a robot's fault report named (fault orders). */
  faultModule: z.string().nullable(),
  itemCount: z.number().int(),
  /** Sum of the items' amounts, as text with 2 decimals. */
  totalAmount: z.string(),
  createdById: z.number().int().nullable(),
  /** Null for an order opened by the robot's fault report. */
  createdByName: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  finishTime: z.string().nullable(),
  /** What the caller may do to it now (`allowedWorkOrderOperations`). */
  allowed: z.array(z.enum(workOrderOperations)),
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;
export const workOrderPage = pageOf(workOrderRow);

export const workOrderItem = z.object({
  itemId: z.number().int(),
  moduleName: z.string(),
  maintenanceType: z.enum(maintenanceTypes),
  quantity: z.number().int(),
  /** Text with 2 decimals. */
  amount: z.string(),
  remark: z.string().nullable(),
});
export type WorkOrderItem = z.infer<typeof workOrderItem>;

/** One entry of the order's timeline: who, when, from, to, comment. */
export const workOrderEvent = z.object({
  kind: z.enum(workOrderEventKinds),
  fromStatus: z.enum(workOrderStatuses).nullable(),
  toStatus: z.enum(workOrderStatuses).nullable(),
  /** Null for the robot's own report. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  comment: z.string().nullable(),
  time: z.string(),
});
export type WorkOrderEvent = z.infer<typeof workOrderEvent>;

/** A fault report of the robot that opened (or added to) the order. */
export const workOrderFault = z.object({
  eventId: z.string(),
  module: z.string(),
  code: z.string(),
  message: z.string(),
  level: z.number().int(),
  reportTime: z.string(),
});
export type WorkOrderFault = z.infer<typeof workOrderFault>;

export const workOrderDetail = workOrderRow.extend({
  items: z.array(workOrderItem),
  history: z.array(workOrderEvent),
  faults: z.array(workOrderFault),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

/** GET robot-server/repair/personnel: the users of the tenant who may be assigned. */
export const workOrderPerson = z.object({ userId: z.number().int(), name: z.string(), account: z.string() });
export type WorkOrderPerson = z.infer<typeof workOrderPerson>;
export const workOrderPersonnel = z.array(workOrderPerson);

Object.assign(messageParams, {
  'workOrders.moduleNameTooLong': { max: WORK_ORDER_LIMITS.moduleNameMax },
  'workOrders.remarkTooLong': { max: WORK_ORDER_LIMITS.remarkMax },
  'workOrders.commentTooLong': { max: WORK_ORDER_LIMITS.commentMax },
  'workOrders.descriptionLength': { min: WORK_ORDER_LIMITS.descriptionMin, max: WORK_ORDER_LIMITS.descriptionMax },
  'workOrders.quantityInvalid': { max: WORK_ORDER_LIMITS.quantityMax },
  'workOrders.itemsTooMany': { max: WORK_ORDER_LIMITS.itemsMax },
});
