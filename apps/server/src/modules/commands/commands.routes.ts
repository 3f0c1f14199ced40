import {
  commandPage,
  commandPageQuery,
  commandRecord,
  commandReplyPage,
  commandReplyPageQuery,
  sendCommandRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { CommandsService } from './commands.service.js';

export const commandsRoutes: FastifyPluginAsyncZod<{ commands: CommandsService }> = async (app, { commands }) => {
  app.post(
    '/robot-server/cmd/send',
    {
      schema: {
        operationId: 'sendRobotCommand',
        summary: 'Send a command to a robot (net gun and tripwire fire need confirm: true)',
        description:
          'Recorded, then published once on `patrol/{serial}/cmd` (QoS 1) with a 30 s expiry. The answer is the ' +
          "record with status `sent`; its progress arrives on the console's WebSocket as `{type:'command'}`.",
        tags: ['commands'],
        body: sendCommandRequest,
        response: responses(commandRecord, ...SESSION_ERRORS, 404, 409, 503),
      },
    },
    async (request) => ok(await commands.send(requireAuth(request), request.body)),
  );

  app.get(
    '/robot-server/cmd/page',
    {
      schema: {
        operationId: 'pageCommandRecords',
        summary: 'Command dispatch records: publish time, topic, request id, robot, command, codes, operator',
        tags: ['commands'],
        querystring: commandPageQuery,
        response: responses(commandPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await commands.page(requireAuth(request), request.query)),
  );

  app.get(
    '/robot-server/cmd/reply/page',
    {
      schema: {
        operationId: 'pageCommandReplies',
        summary: 'Command reply records: every sync and async reply robots sent',
        tags: ['commands'],
        querystring: commandReplyPageQuery,
        response: responses(commandReplyPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await commands.replies(requireAuth(request), request.query)),
  );
};
