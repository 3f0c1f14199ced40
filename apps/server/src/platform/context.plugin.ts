import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db.js';
import { collectApiRoutes, type ApiRoute } from './operations.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** What every module is built from: config, database, bus, the API's operations. */
    ctx: AppContext;
    /** Every API route, collected while the routes are registered (complete once the app is ready). */
    apiRoutes: readonly ApiRoute[];
  }
}

export type ContextPluginOptions = {
  config: AppConfig;
  /** Open, migrated and seeded by its owner, who also closes it. */
  database: Database;
};

const plugin: FastifyPluginAsync<ContextPluginOptions> = async (app, { config, database }) => {
  const ctx: AppContext = { config, database, db: database.db, bus: app.bus, operations: new Map() };
  app.decorate('ctx', ctx);
  // Registered before any module, so no route is missed.
  app.decorate('apiRoutes', collectApiRoutes(app, ctx.operations));
};

/**
 * The database and the context (`app.ctx`) every module is built from, and the index of the API's
 * routes. The database is its owner's: it is neither opened nor closed here.
 */
export const contextPlugin = fp(plugin, { name: 'context', dependencies: ['bus'] });
