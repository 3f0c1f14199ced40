import { uploadsApi, translate } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { UploadsService } from './uploads.service.js';
import { route } from '../../platform/route.js';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  route(app, uploadsApi.pageUploadRecords, async (request) =>
    ok(await uploads.page(requireAuth(request), request.query)),
  );

  route(app, uploadsApi.exportUploadRecords, async (request, reply) => {
    const lang = requestLanguage(request);
    const file = await uploads.exportXlsx(requireAuth(request), request.query, lang);
    return sendXlsx(reply, translate(lang, 'commands.uploadsSheet'), file);
  });
};
