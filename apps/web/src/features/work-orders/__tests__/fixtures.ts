import type { WorkOrderDetail, WorkOrderRow } from '@patrol/contracts';

/** An answer of envelope A. */
export const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });

export const draftRow: WorkOrderRow = {
  workOrderId: 1,
  number: 'WO20261125-0001',
  status: 'draft',
  type: 'repair',
  source: 'manual',
  robotId: 3,
  robotName: 'Gate',
  serialNumber: 'SIM-0003',
  faultTime: '2026-11-25T01:00:00.000Z',
  equipmentStatus: 'stopped',
  urgency: 'high',
  deadline: '2026-11-20T10:00:00.000Z',
  overdue: true,
  assigneeId: 9,
  assigneeName: 'Wang Wei',
  description: 'The left drive wheel grinds when the robot turns.',
  faultModule: null,
  itemCount: 1,
  totalAmount: '1200.50',
  createdById: 2,
  createdByName: 'Admin',
  createTime: '2026-11-25T02:00:00.000Z',
  updateTime: '2026-11-25T02:00:00.000Z',
  finishTime: null,
  allowed: ['push', 'edit', 'delete'],
};

export const pendingRow: WorkOrderRow = {
  ...draftRow,
  workOrderId: 2,
  number: 'WO20261125-0002',
  status: 'pending',
  type: 'maintenance',
  source: 'fault',
  robotId: 5,
  robotName: 'Dock',
  serialNumber: 'SIM-0005',
  equipmentStatus: 'normal',
  urgency: 'normal',
  deadline: '2099-01-01T00:00:00.000Z',
  overdue: false,
  faultModule: 'lidar',
  itemCount: 0,
  totalAmount: '0.00',
  createdById: null,
  createdByName: null,
  allowed: ['process'],
};

export const processedRow: WorkOrderRow = {
  ...draftRow,
  workOrderId: 3,
  number: 'WO20261125-0003',
  status: 'processed',
  overdue: false,
  finishTime: '2026-11-26T02:00:00.000Z',
  allowed: [],
};

export const draftDetail: WorkOrderDetail = {
  ...draftRow,
  items: [
    {
      itemId: 11,
      moduleName: 'Drive wheel',
      maintenanceType: 'replace',
      quantity: 1,
      amount: '1200.50',
      remark: null,
    },
  ],
  history: [
    {
      kind: 'create',
      fromStatus: null,
      toStatus: 'draft',
      userId: 2,
      userName: 'Admin',
      comment: null,
      time: '2026-11-25T02:00:00.000Z',
    },
  ],
  faults: [],
};

export const pendingDetail: WorkOrderDetail = {
  ...pendingRow,
  items: [],
  history: [
    {
      kind: 'fault',
      fromStatus: null,
      toStatus: 'draft',
      userId: null,
      userName: null,
      comment: null,
      time: '2026-11-25T01:00:00.000Z',
    },
    {
      kind: 'push',
      fromStatus: 'draft',
      toStatus: 'pending',
      userId: 2,
      userName: 'Admin',
      comment: 'Please look at it this week',
      time: '2026-11-25T03:00:00.000Z',
    },
  ],
  faults: [
    {
      eventId: 'f-1',
      module: 'lidar',
      code: 'E-LIDAR-07',
      message: 'No echo from the front lidar',
      level: 2,
      reportTime: '2026-11-25T01:00:00.000Z',
    },
  ],
};

export const personnel = [
  { userId: 9, name: 'Wang Wei', account: 'wangwei' },
  { userId: 10, name: 'Li Na', account: 'lina' },
];

export const liveRobots = [
  {
    robotId: 3,
    serialNumber: 'SIM-0003',
    name: 'Gate',
    online: true,
    lastSeenTime: null,
    stoppedForRepair: true,
    state: null,
  },
  {
    robotId: 5,
    serialNumber: 'SIM-0005',
    name: 'Dock',
    online: false,
    lastSeenTime: null,
    stoppedForRepair: false,
    state: null,
  },
];
