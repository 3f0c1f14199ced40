import { mapsApi } from '@patrol/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import type { MapFile } from './maps.sources.js';
import { createMapsService } from './maps.service.js';

/** Tiles and plans change only when a site copies new files: a browser keeps them an hour, for its user only. */
const CACHE_CONTROL = 'private, max-age=3600';

function sendMapFile(request: FastifyRequest, reply: FastifyReply, file: MapFile): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL).header('etag', file.etag).header('x-content-type-options', 'nosniff');
  // An SVG plan is a document: nothing in it may run or load anything.
  if (file.contentType === 'image/svg+xml') {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  }
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.header('content-type', file.contentType).send(file.bytes);
}

const plugin: FastifyPluginAsync = async (app) => {
  const maps = createMapsService({ dataDir: app.ctx.config.dataDir, log: app.log });
  app.addHook('onClose', async () => maps.close());

  route(app, mapsApi.listMapSources, async (request) => ok(await maps.list(requireAuth(request))));

  route(app, mapsApi.getMapTile, async (request, reply) => {
    const { source, z, x, y } = request.params;
    return sendMapFile(request, reply, await maps.tile(requireAuth(request), source, z, x, y));
  });

  route(app, mapsApi.getMapImage, async (request, reply) =>
    sendMapFile(request, reply, await maps.image(requireAuth(request), request.params.source)),
  );
};

/** The base map's files: offline tile sets and site plans copied into `DATA_DIR/maps`. */
export const mapsPlugin = fp(plugin, { name: 'maps', dependencies: ['context'] });
