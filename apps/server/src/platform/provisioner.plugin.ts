import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { connectProvisioner, type RobotProvisioner } from './dynsec.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Robots' identities on an external Mosquitto with dynamic security (MQTT_DYNSEC=1); null otherwise. */
    provisioner: RobotProvisioner | null;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  if (!config.mqttUrl || !config.mqttDynsec) {
    app.decorate('provisioner', null);
    return;
  }
  const provisioner = await connectProvisioner({
    url: config.mqttUrl,
    username: config.mqttUsername,
    password: config.mqttPassword,
    log: app.log,
  });
  app.log.info('mqtt: robots are provisioned in the broker (dynamic security)');
  app.decorate('provisioner', provisioner);
  app.addHook('onClose', () => provisioner.close());
};

/** The robot provisioner (`app.provisioner`), connected at start and closed with the app. */
export const provisionerPlugin = fp(plugin, { name: 'provisioner', dependencies: ['context'] });
