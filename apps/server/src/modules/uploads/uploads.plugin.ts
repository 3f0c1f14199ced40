import { uploadsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createUploadsService } from './uploads.service.js';
import { route } from '../../platform/route.js';

const plugin: FastifyPluginAsync = async (app) => {
  const uploads = createUploadsService(app.ctx, { monitoring: app.monitoring, gateway: app.gateway, log: app.log });
  uploads.start();

  route(app, uploadsApi.pageUploadRecords, async (request) =>
    ok(await uploads.page(requireAuth(request), request.query)),
  );

  route(app, uploadsApi.exportUploadRecords, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await uploads.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'commands.uploadsSheet'), file);
  });
};

/** Data upload records: robots' reports on their `upload` topic, kept and listed per tenant. */
export const uploadsPlugin = fp(plugin, { name: 'uploads', dependencies: ['context', 'gateway', 'monitoring'] });
