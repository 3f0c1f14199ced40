import { commandsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createCommandsService, type CommandsService } from './commands.service.js';
import { route } from '../../platform/route.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Commands to robots: the alarms and the fleet stop send theirs through it. */
    commands: CommandsService;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const commands = createCommandsService(app.ctx, {
    monitoring: app.monitoring,
    hub: app.hub,
    gateway: app.gateway,
    log: app.log,
    ...(app.ctx.config.commandResultTimeoutMs ? { resultTimeoutMs: app.ctx.config.commandResultTimeoutMs } : {}),
  });
  app.decorate('commands', commands);
  commands.start();
  app.addHook('onClose', async () => commands.stop());

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

/** Commands to robots and their replies; replies are received and unanswered commands expire from start to close. */
export const commandsPlugin = fp(plugin, {
  name: 'commands',
  dependencies: ['context', 'hub', 'gateway', 'monitoring'],
});
