import { tasksApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createTasksService } from './tasks.service.js';

const plugin: FastifyPluginAsync = async (app) => {
  const tasks = createTasksService(app.ctx);

  route(app, tasksApi.pageTasks, async (request) => ok(await tasks.page(requireAuth(request), request.query)));
  route(app, tasksApi.listTasks, async (request) =>
    ok(await tasks.list(requireAuth(request), request.query.enabledOnly)),
  );
  route(app, tasksApi.createTask, async (request) => ok(await tasks.create(requireAuth(request), request.body)));
  route(app, tasksApi.updateTask, async (request) => ok(await tasks.update(requireAuth(request), request.body)));
  route(app, tasksApi.setTaskStatus, async (request) => ok(await tasks.setStatus(requireAuth(request), request.body)));
  route(app, tasksApi.deleteTask, async (request) => {
    await tasks.remove(requireAuth(request), request.body.taskId);
    return ok(null);
  });
};

/** Tasks: ordered jobs of one station that robots run; enabled or disabled. */
export const tasksPlugin = fp(plugin, { name: 'tasks', dependencies: ['context', 'jobs'] });
