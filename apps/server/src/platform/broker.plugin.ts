import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startEmbeddedBroker, type EmbeddedBroker, type RobotVerifier } from './broker.js';
import { startEmbeddedBrokerThread } from './broker-thread.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The embedded MQTT broker; null when MQTT_URL names an external one. */
    broker: EmbeddedBroker | null;
    /** Where robots connect: the embedded broker's URL, or MQTT_URL. */
    robotBrokerUrl(): string;
  }
}

export type BrokerPluginOptions = {
  /** Checks a connecting robot's token against its key (the robots module's). */
  verifyRobot: RobotVerifier;
  /** Runs before the broker listens: nobody is connected to a broker that is only starting. */
  forgetPresence: () => Promise<void>;
  /** A tenant's robots' serial numbers: disconnected when the tenant is disabled. */
  serialsOfTenant: (tenantId: number) => Promise<string[]>;
};

const plugin: FastifyPluginAsync<BrokerPluginOptions> = async (app, options) => {
  const { config } = app.ctx;
  if (config.mqttUrl) {
    const url = config.mqttUrl;
    app.decorate('broker', null);
    app.decorate('robotBrokerUrl', () => url);
    return;
  }
  await options.forgetPresence();
  const start = config.mqttBrokerThread ? startEmbeddedBrokerThread : startEmbeddedBroker;
  const broker = await start({
    port: config.mqttPort,
    host: config.mqttHost,
    ...(config.mqttTls ? { tls: config.mqttTls } : {}),
    verifyRobot: options.verifyRobot,
    log: app.log,
  });
  app.log.info(
    `mqtt: embedded broker on ${broker.host} port ${broker.port}` +
      (broker.tlsPort !== null ? `, MQTT over TLS on port ${broker.tlsPort}` : ''),
  );
  app.decorate('broker', broker);
  app.decorate('robotBrokerUrl', () => broker.url);
  // A disabled tenant's robots are disconnected (and refused at their next connect).
  const unsubscribe = app.ctx.bus.subscribe('tenants.status', ({ tenantId, enabled }) => {
    if (enabled) return;
    options
      .serialsOfTenant(tenantId)
      .then((serials) => broker.disconnectRobots(serials))
      .catch((error: unknown) => app.log.error({ err: error, tenantId }, 'mqtt: disconnecting robots failed'));
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await broker.close();
  });
};

/**
 * The embedded broker (`app.broker`) when no MQTT_URL is set, on the main thread or its own
 * (MQTT_BROKER_THREAD); it listens from start-up and closes with the app.
 */
export const brokerPlugin = fp(plugin, { name: 'broker', dependencies: ['context'] });
