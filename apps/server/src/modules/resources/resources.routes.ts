import { resourceList } from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createResourcesService } from './resources.service.js';

export const resourcesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createResourcesService(ctx);

  app.get(
    '/system-server/resource/list',
    {
      config: { access: 'grant' },
      schema: {
        operationId: 'listResources',
        summary: 'List the API resources (route and method) that roles can be granted',
        tags: ['resources'],
        response: responses(resourceList, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await service.list(requestLanguage(request))),
  );
};
