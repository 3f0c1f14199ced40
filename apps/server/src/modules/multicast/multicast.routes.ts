import {
  createMulticastRequest,
  multicastIdRequest,
  multicastPage,
  multicastPageQuery,
  multicastRow,
  updateMulticastRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { MulticastService } from './multicast.service.js';

const BASE = '/robot-server/multicast';

export const multicastRoutes: FastifyPluginAsyncZod<{ multicast: MulticastService }> = async (app, { multicast }) => {
  app.get(
    `${BASE}/page`,
    {
      schema: {
        operationId: 'pageMulticastConfigs',
        summary: 'Multicast configs of the tenant with their robots',
        tags: ['multicast'],
        querystring: multicastPageQuery,
        response: responses(multicastPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await multicast.page(requireAuth(request), request.query)),
  );

  app.post(
    `${BASE}/create`,
    {
      schema: {
        operationId: 'createMulticastConfig',
        summary: 'Create a multicast config; it is pushed to its robots',
        tags: ['multicast'],
        body: createMulticastRequest,
        response: responses(multicastRow, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await multicast.create(requireAuth(request), request.body)),
  );

  app.post(
    `${BASE}/update`,
    {
      schema: {
        operationId: 'updateMulticastConfig',
        summary: 'Change a multicast config or its robots; every robot concerned gets the change',
        tags: ['multicast'],
        body: updateMulticastRequest,
        response: responses(multicastRow, ...SESSION_ERRORS, 404, 409),
      },
    },
    async (request) => ok(await multicast.update(requireAuth(request), request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      schema: {
        operationId: 'deleteMulticastConfig',
        summary: 'Delete a multicast config; its robots are told they have none',
        tags: ['multicast'],
        body: multicastIdRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await multicast.remove(requireAuth(request), request.body.multicastId);
      return ok(null);
    },
  );
};
