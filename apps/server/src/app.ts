import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggerOptions } from './platform/logging.js';
import { accessPlugin } from './modules/access/access.plugin.js';
import { alarmsPlugin } from './modules/alarms/alarms.plugin.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { commandsPlugin } from './modules/commands/commands.plugin.js';
import { configsPlugin } from './modules/configs/configs.plugin.js';
import { fleetStopPlugin } from './modules/fleet-stop/fleet-stop.plugin.js';
import { exposePlugin } from './modules/expose/expose.plugin.js';
import { healthPlugin } from './modules/health/health.plugin.js';
import { logsPlugin } from './modules/logs/logs.plugin.js';
import { mapsPlugin } from './modules/maps/maps.plugin.js';
import { menusPlugin } from './modules/menus/menus.plugin.js';
import { monitoringPlugin } from './modules/monitoring/monitoring.plugin.js';
import { multicastPlugin } from './modules/multicast/multicast.plugin.js';
import { stationsPlugin } from './modules/stations/stations.plugin.js';
import { fencesPlugin } from './modules/fences/fences.plugin.js';
import { jobsPlugin } from './modules/jobs/jobs.plugin.js';
import { tasksPlugin } from './modules/tasks/tasks.plugin.js';
import { schedulesPlugin } from './modules/schedules/schedules.plugin.js';
import { runsPlugin } from './modules/runs/runs.plugin.js';
import { listAllRobots } from './modules/robots/robots.shared.js';
import { noticesPlugin } from './modules/notices/notices.plugin.js';
import { realtimePlugin } from './modules/realtime/realtime.plugin.js';
import { resourcesPlugin } from './modules/resources/resources.plugin.js';
import { robotsPlugin } from './modules/robots/robots.plugin.js';
import { rolesPlugin } from './modules/roles/roles.plugin.js';
import { serversPlugin } from './modules/servers/servers.plugin.js';
import { tracksPlugin } from './modules/tracks/tracks.plugin.js';
import { videoPlugin } from './modules/video/video.plugin.js';
import { voicePlugin } from './modules/voice/voice.plugin.js';
import { workOrdersPlugin } from './modules/work-orders/work-orders.plugin.js';
import { dashboardsPlugin } from './modules/dashboards/dashboards.plugin.js';
import { pointCloudsPlugin } from './modules/point-clouds/point-clouds.plugin.js';
import { diagnosticsPlugin } from './modules/diagnostics/diagnostics.plugin.js';
import { tenantsPlugin } from './modules/tenants/tenants.plugin.js';
import { uploadsPlugin } from './modules/uploads/uploads.plugin.js';
import { userRobotsPlugin } from './modules/user-robots/user-robots.plugin.js';
import { usersPlugin } from './modules/users/users.plugin.js';
import { brokerPlugin } from './platform/broker.plugin.js';
import type { Bus } from './platform/bus.js';
import { busPlugin } from './platform/bus.plugin.js';
import type { AppConfig } from './platform/config.js';
import { contextPlugin } from './platform/context.plugin.js';
import type { Database } from './platform/db.js';
import { installErrorHandler } from './platform/errors.js';
import { installJsonBodyParser } from './platform/hostile-input.js';
import { metricsPlugin } from './platform/metrics.plugin.js';
import { gatewayPlugin } from './platform/gateway.plugin.js';
import { filesPlugin } from './platform/files.plugin.js';
import { hubPlugin } from './platform/hub.plugin.js';
import { closeSocketsGoingAway } from './platform/hub.js';
import { openApiPlugin } from './platform/openapi.js';
import { provisionerPlugin } from './platform/provisioner.plugin.js';
import { securityHeadersPlugin } from './platform/security-headers.js';
import { wsServerOptions } from './platform/socket-limits.js';
import { DEFAULT_WEB_DIST, staticWebPlugin } from './platform/static-web.js';

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

export { loggerOptions };

/** The zod compilers as Fastify's compiler factories (its types expect ajv's). */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Builds the whole server as a list of plugins, each registered after what it uses (Fastify checks
 * every plugin's declared dependencies as it loads): HTTP first, then the platform, then the
 * modules and the MQTT pieces in the order they need each other. Each plugin starts what it owns
 * when it loads (at `ready`) and closes it in its own hooks, in reverse order. The modules' order is
 * also their routes' order in the OpenAPI document.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(options.config.logLevel, options.config.instanceId) }),
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Every schema is a contract's zod schema: Fastify's default compilers (ajv, fast-json-stringify)
    // would be loaded at every start and never used.
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);

  // /metrics and the request histogram, before every other route (platform/metrics.plugin.ts).
  app.register(metricsPlugin, { settings: options.config.metrics, dataDir: options.config.dataDir });
  // HTTP: security headers, the API's description at /docs, sockets.
  app.register(securityHeadersPlugin);
  app.register(openApiPlugin);
  // The console socket's bounds on what a peer may send: platform/socket-limits.ts.
  // Sockets close with 1001 at shutdown (the console reconnects at once): platform/hub.ts.
  app.register(websocket, { options: wsServerOptions, preClose: closeSocketsGoingAway });

  // The platform: app.bus, app.ctx (database, config, the API's routes), app.hub, app.provisioner.
  app.register(busPlugin, { bus: options.bus });
  app.register(contextPlugin, { config: options.config, database: options.database });
  app.register(hubPlugin);
  app.register(provisionerPlugin);
  // app.storage (alarm images) and app.consoleKey (fire authorisations, robots' config).
  app.register(filesPlugin);

  // The modules under /api, each after the modules it uses.
  app.register(healthPlugin);
  app.register(authPlugin);
  app.register(accessPlugin);
  app.register(usersPlugin);
  app.register(configsPlugin);
  app.register(noticesPlugin);
  app.register(resourcesPlugin);
  app.register(realtimePlugin);
  app.register(tenantsPlugin);
  app.register(rolesPlugin);
  app.register(menusPlugin);
  app.register(serversPlugin);
  app.register(exposePlugin);
  app.register(logsPlugin);
  app.register(mapsPlugin);
  app.register(robotsPlugin);
  // On an external Mosquitto, robots provisioned before a topic was added to the protocol (`run`)
  // get it in their role at start-up; the robots' passwords are not needed for that.
  app.addHook('onReady', async () => {
    if (!app.provisioner) return;
    const serials = (await listAllRobots(app.ctx.db)).map((r) => r.serialNumber);
    await app.provisioner.refreshRobotRoles(serials).catch((error: unknown) => {
      app.log.warn({ err: error }, "mqtt: robots' roles not refreshed");
    });
  });
  // The embedded broker checks robots' keys with the robots module; the gateway connects to it
  // (or to MQTT_URL) before the modules that talk to robots add their handlers.
  app.register(brokerPlugin, (parent) => ({
    verifyRobot: parent.robots.verifyConnect,
    forgetPresence: parent.robots.setAllOffline,
    serialsOfTenant: parent.robots.serialsOfTenant,
  }));
  // Robots of a disabled tenant: their messages are dropped, whichever broker carries them.
  app.register(gatewayPlugin, (parent) => ({ admit: parent.robots.admits }));
  app.register(monitoringPlugin);
  app.register(commandsPlugin);
  app.register(fleetStopPlugin);
  app.register(uploadsPlugin);
  app.register(userRobotsPlugin);
  app.register(multicastPlugin);
  app.register(stationsPlugin);
  app.register(fencesPlugin);
  app.register(jobsPlugin);
  app.register(tasksPlugin);
  app.register(alarmsPlugin);
  app.register(runsPlugin);
  app.register(schedulesPlugin);
  app.register(tracksPlugin);
  app.register(videoPlugin);
  app.register(voicePlugin);
  app.register(workOrdersPlugin);
  app.register(dashboardsPlugin);
  app.register(pointCloudsPlugin);
  app.register(diagnosticsPlugin);

  // The console's build, and the 404s of everything else.
  app.register(staticWebPlugin, { webDist: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist });

  return app;
}
