import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowId } from '@patrol/contracts';
import { z } from 'zod';
import { API_PREFIX } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { socketOriginAllowed } from '../../platform/socket-limits.js';
import { createRealtimeService, type RealtimeService } from './realtime.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The console socket's protocol; modules offer their topics to it. */
    realtime: RealtimeService;
  }
}

const plugin: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const realtime = createRealtimeService({ access: app.access, hub: app.hub });
  app.decorate('realtime', realtime);
  app.addHook('onReady', async () => {
    const missing = realtime.missingTopics();
    if (missing.length > 0) throw new Error(`no module offers the socket topics ${missing.join(', ')}`);
  });

  app.get(
    `${API_PREFIX}/ws/msg/:userId`,
    {
      websocket: true,
      // The upgrade itself is open; the first message must authenticate the socket.
      config: { access: 'public' },
      // Before the upgrade: a page of another site may not open a console's socket (403).
      onRequest: async (request) => {
        if (!socketOriginAllowed(request.headers.origin, request.host, app.ctx.config.socketOrigins))
          throw forbidden('errors.socketOriginRefused');
      },
      schema: {
        operationId: 'openConsoleSocket',
        summary: "The console's WebSocket; first message {type:'auth', token, lang}",
        description:
          "Upgrade to a WebSocket. The client's first message is `{type:'auth', token, lang}`; the server " +
          "answers `{type:'ready', userId}` or closes with 4401 (also after 5 s without auth). " +
          'A page of another origin than the console (or SOCKET_ORIGINS) is refused with 403; beyond the ' +
          'caps on sockets not yet authenticated the socket is closed with 1013. ' +
          "`{type:'ping'}` is answered `{type:'pong'}`; system notices arrive as `{type:'1', data}`. " +
          "A live announcement's offer and hang-up go as `{type:'voiceOffer'|'voiceHangup', sessionId}` and " +
          "its signals come back as `{type:'voice', data}` (docs/voice.md).",
        tags: ['realtime'],
        params: z.object({ userId: rowId }),
      },
    },
    // The protocol is the service's: the route only hands the upgraded socket over.
    (socket, request) => realtime.accept(socket, request.params.userId, request.ip, request.log),
  );
};

/** The console's WebSocket (`/api/ws/msg/:userId`) and its protocol (`app.realtime`). */
export const realtimePlugin = fp(plugin, {
  name: 'realtime',
  dependencies: ['@fastify/websocket', 'context', 'hub', 'access'],
});
