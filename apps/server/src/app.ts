import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccessService } from './modules/access/access.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { configsRoutes } from './modules/configs/configs.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { createRealtimeHub } from './modules/realtime/realtime.service.js';
import { resourcesRoutes } from './modules/resources/resources.routes.js';
import { collectRouteResources, syncResources } from './modules/resources/resources.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { menusRoutes } from './modules/menus/menus.routes.js';
import { serversRoutes } from './modules/servers/servers.routes.js';
import { createServersService } from './modules/servers/servers.service.js';
import { exposeRoutes } from './modules/expose/expose.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { writeOperationLog } from './modules/logs/logs.service.js';
import { robotsRoutes } from './modules/robots/robots.routes.js';
import { createRobotsService } from './modules/robots/robots.service.js';
import { setAllRobotsOffline } from './modules/robots/robots.shared.js';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import { createMonitoringService } from './modules/monitoring/monitoring.service.js';
import { commandsRoutes } from './modules/commands/commands.routes.js';
import { createCommandsService } from './modules/commands/commands.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { userRobotsRoutes } from './modules/user-robots/user-robots.routes.js';
import { multicastRoutes } from './modules/multicast/multicast.routes.js';
import { createMulticastService } from './modules/multicast/multicast.service.js';
import { createUserRobotsService } from './modules/user-robots/user-robots.service.js';
import { SERVER_MQTT_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './platform/broker.js';
import { startEmbeddedBrokerThread } from './platform/broker-thread.js';
import { startMqttGateway, type MqttGateway } from './platform/mqtt.js';
import { connectProvisioner, type RobotProvisioner } from './platform/dynsec.js';
import { API_PREFIX, installAccessHook } from './platform/auth.js';
import { createMemoryBus, type Bus } from './platform/bus.js';
import type { AppConfig } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import type { Database } from './platform/db.js';
import { installErrorHandler } from './platform/errors.js';
import { installOperationLog } from './platform/operation-log.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { DEFAULT_WEB_DIST, registerStaticWeb } from './platform/static-web.js';

export type BuildAppOptions = {
  config: AppConfig;
  /** An open, migrated and seeded database; its owner closes it. */
  database: Database;
  /** The in-process bus unless given; a bus made here is closed with the app. */
  bus?: Bus;
  /** Logger options; false for none. Ignored when `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (main.ts shares one between start-up and the server). */
  loggerInstance?: FastifyBaseLogger;
  /** The console build to serve; the repository's apps/web/dist unless given; null for none. */
  webDist?: string | null;
  /** Forwarded to Fastify: trust X-Forwarded-* from a reverse proxy (for the IPs in login logs). */
  trustProxy?: FastifyServerOptions['trustProxy'];
};

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Where robots connect: the embedded broker's URL, or MQTT_URL; null before the app is ready. */
    robotBrokerUrl(): string | null;
  }
}

/** Secrets that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  'token',
  'oldPwd',
  'newPwd',
  '*.password',
  '*.token',
  '*.oldPwd',
  '*.newPwd',
  'body.password',
  'body.oldPwd',
  'body.newPwd',
];

/** pino options of the server: the level from LOG_LEVEL, secrets redacted. */
export function loggerOptions(level: string) {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

/** Builds the whole server: cross-cutting plugins first, then the modules under /api. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(options.config.logLevel) }),
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const ownBus = !options.bus;
  const bus =
    options.bus ?? createMemoryBus((error, topic) => app.log.error({ err: error, topic }, 'bus subscriber failed'));
  const ctx: AppContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    bus,
    operations: new Map(),
  };
  const auth = createAuthService(ctx);
  const access = createAccessService(ctx, { auth });
  const hub = createRealtimeHub(bus, app.log);
  let broker: EmbeddedBroker | null = null;
  let gateway: MqttGateway | null = null;
  let provisioner: RobotProvisioner | null = null;
  const robots = createRobotsService(ctx, () => provisioner);
  const monitoring = createMonitoringService(ctx, { hub, log: app.log, access });
  const servers = createServersService(ctx, app.log, () => {
    if (!gateway) return [];
    const { received, dropped } = monitoring.stats();
    return [
      {
        name: 'broker',
        kind: gateway.kind === 'embedded' ? `aedes :${broker?.port ?? ''}` : 'mqtt',
        status: gateway.connected() ? 'up' : 'down',
        detail:
          `telemetry received ${received}, dropped ${dropped}` +
          (broker ? `, broker dropped ${broker.droppedTelemetry()}, robots ${broker.connectedRobots()}` : ''),
      },
    ];
  });
  const commands = createCommandsService(ctx, { monitoring, hub, gateway: () => gateway, log: app.log });
  const uploads = createUploadsService(ctx, { monitoring, log: app.log });
  const multicast = createMulticastService(ctx, { monitoring, gateway: () => gateway, log: app.log });
  app.decorate('robotBrokerUrl', () => options.config.mqttUrl ?? broker?.url ?? null);

  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const routes = collectRouteResources(app, ctx.operations);
  installAccessHook(app, access);
  installOperationLog(app, { write: (tenantId, entry) => writeOperationLog(ctx.db, tenantId, entry) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes, { ctx, auth, access });
      await api.register(configsRoutes, { ctx });
      await api.register(noticesRoutes, { ctx, hub });
      await api.register(resourcesRoutes, { ctx });
      await api.register(realtimeRoutes, {
        access,
        hub,
        topics: { robots: { authorize: monitoring.authorizeWatch, snapshot: monitoring.snapshot } },
      });
      await api.register(tenantsRoutes, { ctx, auth });
      await api.register(rolesRoutes, { ctx });
      await api.register(menusRoutes, { ctx });
      await api.register(serversRoutes, { servers });
      await api.register(exposeRoutes, { ctx, auth });
      await api.register(logsRoutes, { ctx });
      await api.register(robotsRoutes, { robots });
      await api.register(monitoringRoutes, { monitoring });
      await api.register(commandsRoutes, { commands });
      await api.register(uploadsRoutes, { uploads });
      await api.register(userRobotsRoutes, { userRobots: createUserRobotsService(ctx) });
      await api.register(multicastRoutes, { multicast });
    },
    { prefix: API_PREFIX },
  );

  await registerStaticWeb(app, options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist);

  app.addHook('onReady', async () => {
    await syncResources(ctx, routes);
    const { config } = options;
    if (config.mqttUrl) {
      gateway = await startMqttGateway({
        kind: 'external',
        url: config.mqttUrl,
        username: config.mqttUsername,
        password: config.mqttPassword,
        shareGroup: config.mqttShareGroup,
        log: app.log,
      });
      if (config.mqttDynsec) {
        provisioner = await connectProvisioner({
          url: config.mqttUrl,
          username: config.mqttUsername,
          password: config.mqttPassword,
          log: app.log,
        });
        app.log.info('mqtt: robots are provisioned in the broker (dynamic security)');
      }
    } else {
      // Nobody is connected to a broker that is only starting.
      await setAllRobotsOffline(ctx.db);
      const start = config.mqttBrokerThread ? startEmbeddedBrokerThread : startEmbeddedBroker;
      broker = await start({ port: config.mqttPort, verifyRobot: robots.verifyConnect, log: app.log });
      app.log.info(`mqtt: embedded broker on port ${broker.port}`);
      gateway = await startMqttGateway({
        kind: 'embedded',
        url: broker.url,
        username: SERVER_MQTT_USERNAME,
        password: broker.serverPassword,
        log: app.log,
      });
    }
    await monitoring.start(gateway);
    commands.start(gateway);
    uploads.start(gateway);
    multicast.start(gateway);
    servers.start();
  });
  app.addHook('preClose', async () => {
    commands.stop();
    multicast.stop();
    await monitoring.stop();
    await gateway?.close();
    await provisioner?.close();
    await broker?.close();
    await servers.stop();
    hub.close();
    access.close();
  });
  app.addHook('onClose', async () => {
    if (ownBus) await bus.close();
  });

  return app;
}
