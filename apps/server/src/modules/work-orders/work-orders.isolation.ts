import type { IsolationArea } from '../../../test/isolation.js';
import { insertWorkOrder, replaceItems } from './work-orders.repository.js';

const BASE = '/api/robot-server/repair';
const FORM = {
  type: 'repair',
  equipmentStatus: 'stopped',
  urgency: 'high',
  deadline: '2030-01-02T03:04:05.000Z',
  description: 'The left drive motor stalls on every slope',
  items: [{ moduleName: 'chassis', maintenanceType: 'replace', quantity: 1, amount: '120.50' }],
};

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const order = await insertWorkOrder(t.db, tenant.tenantId, {
      number: 'WO20260102-0001',
      status: 'processing',
      type: 'repair',
      source: 'manual',
      robotId: null,
      robotName: `${tenant.marker}-robot`,
      serialNumber: `${tenant.marker}-W1`,
      equipmentStatus: 'stopped',
      urgency: 'high',
      deadline: new Date('2030-01-02T03:04:05.000Z'),
      assigneeId: tenant.admin.id,
      description: `${tenant.marker} drive motor stalls on slopes`,
      createdById: tenant.admin.id,
      createdByName: tenant.admin.account,
    });
    await replaceItems(t.db, tenant.tenantId, order.id, [
      { moduleName: 'chassis', maintenanceType: 'replace', quantity: 1, amount: '99.90', remark: tenant.marker },
    ]);
    tenant.ids.workOrder = order.id;
  },
  cases: [
    { resource: `GET ${BASE}/page`, ownData: true, request: () => ({ url: `${BASE}/page` }) },
    { resource: `GET ${BASE}/export`, ownData: true, request: () => ({ url: `${BASE}/export` }) },
    { resource: `GET ${BASE}/personnel`, ownData: true, request: () => ({ url: `${BASE}/personnel` }) },
    {
      resource: `GET ${BASE}/detail`,
      request: (w) => ({ url: `${BASE}/detail`, query: { workOrderId: String(w.b.ids.workOrder) } }),
    },
    {
      resource: `POST ${BASE}/create`,
      // B's robot and B's user are not the caller's: 404 and nothing made anywhere.
      request: (w) => ({
        url: `${BASE}/create`,
        payload: { ...FORM, robotId: w.b.ids.robot, assigneeId: w.b.admin.id },
      }),
    },
    {
      resource: `POST ${BASE}/update`,
      request: (w) => ({
        url: `${BASE}/update`,
        payload: { ...FORM, workOrderId: w.b.ids.workOrder, robotId: w.b.ids.robot, assigneeId: w.a.admin.id },
      }),
    },
    {
      resource: `POST ${BASE}/delete`,
      request: (w) => ({ url: `${BASE}/delete`, payload: { workOrderId: w.b.ids.workOrder } }),
    },
    ...(['push', 'process', 'finish'] as const).map((action) => ({
      resource: `POST ${BASE}/${action}`,
      request: (w: Parameters<IsolationArea['cases'][number]['request']>[0]) => ({
        url: `${BASE}/${action}`,
        payload: { workOrderId: w.b.ids.workOrder, comment: 'taken over' },
      }),
    })),
  ],
};
