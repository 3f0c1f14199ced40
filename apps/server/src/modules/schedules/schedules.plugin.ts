import { schedulesApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createScheduler, type ScheduleDispatcher, type Scheduler } from './schedules.scheduler.js';
import { createSchedulesService, type SchedulesService } from './schedules.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The schedules service, and the scheduler when runs can be started (null otherwise). */
    schedules: { service: SchedulesService; scheduler: Scheduler | null };
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const state: { service: SchedulesService; scheduler: Scheduler | null } = {
    service: createSchedulesService(app.ctx, { poke: () => state.scheduler?.poke() }),
    scheduler: null,
  };
  app.decorate('schedules', state);
  const schedules = state.service;

  // Schedules start runs through the runs module (`app.runs`, registered before this plugin).
  app.addHook('onReady', async () => {
    const dispatcher: ScheduleDispatcher = app.runs;
    state.scheduler = createScheduler({
      db: app.ctx.db,
      dispatcher: {
        startRun: (input) => dispatcher.startRun(input),
        recordMissed: (input) => dispatcher.recordMissed(input),
      },
      graceSeconds: app.ctx.config.scheduleGraceSeconds,
      log: app.log,
    });
    state.scheduler.start();
  });
  app.addHook('onClose', async () => state.scheduler?.stop());

  route(app, schedulesApi.pageSchedules, async (request) =>
    ok(await schedules.page(requireAuth(request), request.query)),
  );
  route(app, schedulesApi.getScheduleZone, async (request) => ok(await schedules.zone(requireAuth(request))));
  route(app, schedulesApi.createSchedule, async (request) =>
    ok(await schedules.create(requireAuth(request), request.body)),
  );
  route(app, schedulesApi.updateSchedule, async (request) =>
    ok(await schedules.update(requireAuth(request), request.body)),
  );
  route(app, schedulesApi.setScheduleStatus, async (request) =>
    ok(await schedules.setStatus(requireAuth(request), request.body)),
  );
  route(app, schedulesApi.deleteSchedule, async (request) => {
    await schedules.remove(requireAuth(request), request.body.scheduleId);
    return ok(null);
  });
};

/** Schedules of tasks, and the scheduler that fires them on exactly one instance. */
export const schedulesPlugin = fp(plugin, { name: 'schedules', dependencies: ['context', 'runs'] });
