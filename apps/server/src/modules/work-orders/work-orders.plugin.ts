import { translate, workOrdersApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { route } from '../../platform/route.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createWorkOrdersService } from './work-orders.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const workOrders = createWorkOrdersService(app.ctx, {
    notices: app.notices,
    monitoring: app.monitoring,
    gateway: app.gateway,
    log: app.log,
  });
  workOrders.start();

  route(app, workOrdersApi.pageWorkOrders, async (request) =>
    ok(await workOrders.page(requireAuth(request), request.query)),
  );

  route(app, workOrdersApi.exportWorkOrders, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await workOrders.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'workOrders.sheet'), file);
  });

  route(app, workOrdersApi.getWorkOrder, async (request) =>
    ok(await workOrders.detail(requireAuth(request), request.query.workOrderId)),
  );

  route(app, workOrdersApi.listWorkOrderPersonnel, async (request) =>
    ok(await workOrders.personnel(requireAuth(request))),
  );

  route(app, workOrdersApi.createWorkOrder, async (request) =>
    ok(await workOrders.create(requireAuth(request), request.body)),
  );

  route(app, workOrdersApi.updateWorkOrder, async (request) =>
    ok(await workOrders.update(requireAuth(request), request.body)),
  );

  route(app, workOrdersApi.deleteWorkOrder, async (request) => {
    await workOrders.remove(requireAuth(request), request.body.workOrderId);
    return ok(null);
  });

  route(app, workOrdersApi.pushWorkOrder, async (request) =>
    ok(await workOrders.push(requireAuth(request), request.body)),
  );

  route(app, workOrdersApi.processWorkOrder, async (request) =>
    ok(await workOrders.process(requireAuth(request), request.body)),
  );

  route(app, workOrdersApi.finishWorkOrder, async (request) =>
    ok(await workOrders.finish(requireAuth(request), request.body)),
  );
};

/** Maintenance work orders (`/robot/repair`): the orders, their status actions, and robots' fault reports. */
export const workOrdersPlugin = fp(plugin, {
  name: 'work-orders',
  dependencies: ['context', 'gateway', 'monitoring', 'notices'],
});
