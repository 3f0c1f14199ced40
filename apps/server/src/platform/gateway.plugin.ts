import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MQTT_USERNAME } from './broker.js';
import { startMqttGateway, type InboundGate, type MqttGateway } from './mqtt.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The server's own MQTT client: publishes to robots, hands their messages to the modules' handlers. */
    gateway: MqttGateway;
  }
}

export type GatewayPluginOptions = {
  /** Whether a robot's messages are handled (the robots module's: not while its tenant is disabled). */
  admit?: InboundGate;
};

const plugin: FastifyPluginAsync<GatewayPluginOptions> = async (app, options) => {
  const { config } = app.ctx;
  const { broker } = app;
  const gateway = broker
    ? await startMqttGateway({
        kind: 'embedded',
        url: broker.url,
        username: SERVER_MQTT_USERNAME,
        password: broker.serverPassword,
        log: app.log,
        subscribed: (topic) => broker.subscribed(topic),
        inbound: (take) => broker.robotMessages(take),
      })
    : await startMqttGateway({
        kind: 'external',
        url: app.robotBrokerUrl(),
        username: config.mqttUsername,
        password: config.mqttPassword,
        shareGroup: config.mqttShareGroup,
        log: app.log,
      });
  if (options.admit) gateway.admit(options.admit);
  app.decorate('gateway', gateway);
  // The modules registered after this one add their handlers first; robots' messages come after.
  app.addHook('onReady', async () => gateway.receive());
  app.addHook('onClose', () => gateway.close());
};

/**
 * The MQTT gateway (`app.gateway`), connected at start-up to the embedded broker or MQTT_URL; it
 * subscribes to robots' topics once the app is ready and disconnects when it closes.
 */
export const gatewayPlugin = fp(plugin, { name: 'gateway', dependencies: ['context', 'broker'] });
