import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth.js';
import { sendRouteNotFound } from './errors.js';
import { SERVER_ROOT } from './paths.js';

/** The console's production build: apps/web/dist. */
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');

/**
 * Serves the built console at `/` with a fallback to index.html for every other GET outside /api
 * (the console routes by hash, but deep links and refreshes still land here). Without a build it
 * logs one line and only the API answers. Unknown API routes get a 404 envelope either way.
 * Hashed files under assets/ are cached for good; index.html is revalidated on every load.
 */
const plugin: FastifyPluginAsync<{ webDist: string | null }> = async (app, { webDist }) => {
  const hasBuild = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (webDist !== null && !hasBuild) app.log.info({ webDist }, 'no console build found, serving the API only');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      // The build writes .br and .gz beside each file; the one the browser accepts is sent as is
      // (with `vary: accept-encoding`), so nothing is compressed per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts content-hashed files under assets/; index.html must always be fresh.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
    if (hasBuild && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
};

export const staticWebPlugin = fp(plugin, { name: 'static-web' });
