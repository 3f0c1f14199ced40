import { alarmsApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createAlarmsService, type AlarmsService } from './alarms.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Alarms (the alarms module's service): ingest, disposal, the net-gun decision, escalation. */
    alarms: AlarmsService;
  }
}

/** The route whose grant lets a console receive alarm pushes (the alarm handling records). */
export const ALARMS_ROUTE = { method: alarmsApi.pageAlarms.method, url: `${API_PREFIX}${alarmsApi.pageAlarms.path}` };

const plugin: FastifyPluginAsync = async (app) => {
  const alarms = createAlarmsService(app.ctx, {
    monitoring: app.monitoring,
    commands: app.commands,
    notices: app.notices,
    hub: app.hub,
    gateway: app.gateway,
    storage: app.storage,
    consoleKey: app.consoleKey,
    log: app.log,
  });
  app.decorate('alarms', alarms);
  alarms.start();
  app.addHook('onClose', async () => alarms.stop());

  // A console receives the alarms of the robots it may see when it may list them.
  app.realtime.offer('alarms', { authorize: app.monitoring.watchAuthorizer(ALARMS_ROUTE), snapshot: alarms.snapshot });

  route(app, alarmsApi.pageAlarms, async (request) => ok(await alarms.page(requireAuth(request), request.query)));

  route(app, alarmsApi.pageGunRecords, async (request) =>
    ok(await alarms.pageGun(requireAuth(request), request.query)),
  );

  route(app, alarmsApi.getAlarmMute, async (request) => ok(await alarms.mute(requireAuth(request).userId)));

  route(app, alarmsApi.muteAlarms, async (request) => ok(await alarms.muteAlarms(requireAuth(request), request.body)));

  route(app, alarmsApi.getAlarm, async (request) =>
    ok(await alarms.detail(requireAuth(request), request.params.alarmId)),
  );

  route(app, alarmsApi.getAlarmImage, async (request, reply) => {
    const file = await alarms.image(requireAuth(request), request.params.alarmId);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  route(app, alarmsApi.operateAlarm, async (request) => ok(await alarms.operate(requireAuth(request), request.body)));

  route(app, alarmsApi.gunCommand, async (request) => ok(await alarms.gunCommand(requireAuth(request), request.body)));

  route(app, alarmsApi.sentimentCommand, async (request) =>
    ok(await alarms.sentimentCommand(requireAuth(request), request.body)),
  );
};

/** Alarms: robots' gun and sentiment events, their pushes to the operators, decisions and disposal. */
export const alarmsPlugin = fp(plugin, {
  name: 'alarms',
  dependencies: ['context', 'hub', 'access', 'realtime', 'gateway', 'monitoring', 'commands', 'notices', 'files'],
});
