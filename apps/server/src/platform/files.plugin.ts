import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { loadConsoleKey, type ConsoleKey } from './console-key.js';
import { createStorage, type FileStorage } from './storage.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Files the server keeps (alarm images), on disk or in the database (FILE_STORAGE). */
    storage: FileStorage;
    /** The console's own Ed25519 key: it signs fire authorisations; robots get its public key. */
    consoleKey: ConsoleKey;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  app.decorate('storage', createStorage(app.ctx.config, app.ctx.db));
  app.decorate('consoleKey', await loadConsoleKey(app.ctx.db));
};

/** The file storage (`app.storage`) and the console's signing key (`app.consoleKey`). */
export const filesPlugin = fp(plugin, { name: 'files', dependencies: ['context'] });
