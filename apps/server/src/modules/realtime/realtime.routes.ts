import {
  resolveLanguage,
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_CLOSE_UNAUTHORIZED,
  socketClientMessage,
  type SocketServerMessage,
  type SocketTopic,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/access.service.js';
import type { RealtimeHub, SocketConnection } from './realtime.service.js';

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a console may subscribe to: who may watch in which tenant, and what it gets at once. */
export type TopicProvider = {
  /** The tenant the console will watch, or null when it may not. */
  authorize(conn: SocketConnection, requestedTenantId: number | undefined): Promise<number | null>;
  snapshot(tenantId: number, conn: SocketConnection): SocketServerMessage;
};

export const realtimeRoutes: FastifyPluginAsyncZod<{
  access: Pick<AccessService, 'resolveCaller'>;
  hub: RealtimeHub;
  topics: Record<SocketTopic, TopicProvider>;
}> = async (app, { access, hub, topics }) => {
  app.get(
    '/ws/msg/:userId',
    {
      websocket: true,
      // The upgrade itself is open; the first message must authenticate the socket.
      config: { access: 'public' },
      schema: {
        operationId: 'openConsoleSocket',
        summary: "The console's WebSocket; first message {type:'auth', token, lang}",
        description:
          "Upgrade to a WebSocket. The client's first message is `{type:'auth', token, lang}`; the server " +
          "answers `{type:'ready', userId}` or closes with 4401 (also after 5 s without auth). " +
          "`{type:'ping'}` is answered `{type:'pong'}`; system notices arrive as `{type:'1', data}`.",
        tags: ['realtime'],
        params: z.object({ userId: z.coerce.number().int().positive() }),
      },
    },
    (socket, request) => {
      const { userId } = request.params;
      let conn: SocketConnection | null = null;
      let expiry: NodeJS.Timeout | undefined;
      const refuse = () => socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'unauthorized');
      const reply = (message: SocketServerMessage) => socket.send(JSON.stringify(message));

      const authTimer = setTimeout(() => {
        if (!conn) refuse();
      }, SOCKET_AUTH_TIMEOUT_MS);
      socket.once('close', () => {
        clearTimeout(authTimer);
        clearTimeout(expiry);
      });

      let authenticating = false;
      socket.on('message', async (data, isBinary) => {
        let parsed: ReturnType<typeof socketClientMessage.safeParse>;
        try {
          parsed = socketClientMessage.safeParse(isBinary ? undefined : JSON.parse(data.toString()));
        } catch {
          parsed = socketClientMessage.safeParse(undefined);
        }
        if (!parsed.success) {
          if (!conn) refuse();
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') {
          if (conn) reply({ type: 'pong' });
          else refuse();
          return;
        }
        if (message.type === 'subscribe' || message.type === 'unsubscribe') {
          if (!conn) return refuse();
          const watcher = conn;
          if (message.type === 'unsubscribe') {
            watcher.topics.delete(message.topic);
            return;
          }
          try {
            const provider = topics[message.topic];
            const tenantId = await provider.authorize(watcher, message.tenantId);
            if (tenantId === null) {
              reply({ type: 'refused', topic: message.topic });
              return;
            }
            watcher.topics.set(message.topic, tenantId);
            reply(provider.snapshot(tenantId, watcher));
          } catch (error) {
            request.log.error({ err: error }, 'socket subscription failed');
          }
          return;
        }
        // type 'auth'
        if (conn || authenticating) return;
        authenticating = true;
        try {
          // The same resolution as every API request: a live session of an enabled user and tenant.
          const session = await access.resolveCaller(message.token, null).catch(() => null);
          if (!session || session.userId !== userId) return refuse();
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(authTimer);
          conn = {
            socket,
            userId,
            sessionId: session.sessionId,
            homeTenantId: session.homeTenantId,
            topics: new Map(),
            visibleRobots: null,
            lang: resolveLanguage(message.lang),
            alive: true,
          };
          hub.add(conn);
          const left = session.sessionExpiresAt.getTime() - Date.now();
          expiry = setTimeout(refuse, Math.min(Math.max(left, 0), MAX_TIMER_MS));
          reply({ type: 'ready', userId });
        } catch (error) {
          request.log.error({ err: error }, 'socket authentication failed');
          socket.close(1011, 'server error');
        } finally {
          authenticating = false;
        }
      });
    },
  );
};
