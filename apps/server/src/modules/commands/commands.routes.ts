import { commandsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { CommandsService } from './commands.service.js';
import { route } from '../../platform/route.js';

export const commandsRoutes: FastifyPluginAsyncZod<{ commands: CommandsService }> = async (app, { commands }) => {
  route(app, commandsApi.sendRobotCommand, async (request) =>
    ok(await commands.send(requireAuth(request), request.body)),
  );

  route(app, commandsApi.pageCommandRecords, async (request) =>
    ok(await commands.page(requireAuth(request), request.query)),
  );

  route(app, commandsApi.pageCommandReplies, async (request) =>
    ok(await commands.replies(requireAuth(request), request.query)),
  );

  route(app, commandsApi.exportCommandRecords, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await commands.exportRecordsXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'commands.recordsSheet'), file);
  });

  route(app, commandsApi.exportCommandReplies, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await commands.exportRepliesXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'commands.repliesSheet'), file);
  });
};
