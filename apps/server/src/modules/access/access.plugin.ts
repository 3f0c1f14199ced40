import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installAccessHook } from '../../platform/auth.js';
import { createAccessService, type AccessService } from './access.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Who is calling and what they may call (the access module's service). */
    access: AccessService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const access = createAccessService(app.ctx, { auth: app.auth });
  app.decorate('access', access);
  // One hook for every API route, whenever its module is registered.
  installAccessHook(app, access);
  app.addHook('onClose', async () => access.close());
};

/** Who is calling (`app.access`), and the API's access hook that asks it on every request. */
export const accessPlugin = fp(plugin, { name: 'access', dependencies: ['context', 'auth'] });
