import { uploadPageQuery, uploadRecordPage } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { UploadsService } from './uploads.service.js';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.get(
    '/robot-server/upload/page',
    {
      schema: {
        operationId: 'pageUploadRecords',
        summary: 'Data upload records that robots reported',
        tags: ['uploads'],
        querystring: uploadPageQuery,
        response: responses(uploadRecordPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await uploads.page(requireAuth(request), request.query)),
  );
};
