import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION, errorEnvelope, menuAdminNode, menuNode, type ResourceAccess } from '@patrol/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from './auth.js';

export const DOCS_PREFIX = '/docs';

// Named components: the menu trees are recursive (a recursive schema without a name would refer to
// itself by a made-up name that resolves nowhere), and the error envelope is shared by every route.
if (!z.globalRegistry.has(menuNode)) z.globalRegistry.add(menuNode, { id: 'MenuNode' });
if (!z.globalRegistry.has(menuAdminNode)) z.globalRegistry.add(menuAdminNode, { id: 'MenuAdminNode' });
if (!z.globalRegistry.has(errorEnvelope)) z.globalRegistry.add(errorEnvelope, { id: 'ErrorEnvelope' });

/**
 * OpenAPI generated from the routes' zod schemas (the contracts), served as JSON at /docs/json and
 * as Swagger UI at /docs. Routes that need a session are marked with the bearer scheme, public ones
 * with `security: []`.
 */
const plugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Patrol console API',
        version: APP_VERSION,
        description:
          'Envelope A `{code, message, data}` (code 200 on success) on every call but updatePwd (envelope B ' +
          '`{state, msg, message, data}`). On errors the HTTP status equals `code` and `message` is in the ' +
          'language of the `lang` header (zh-CN, zh-TW, en-US; default zh-CN).',
      },
      // Paths carry their /api prefix: the API is at the root of the server that serves this document.
      servers: [{ url: '/', description: 'The console server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token from login' },
        },
      },
    },
    transform: (document) => {
      // @fastify/websocket hides socket routes; the console socket is part of the API, so show it.
      const isSocket = (document.route as { websocket?: boolean }).websocket === true;
      const out = jsonSchemaTransform(
        isSocket && document.schema ? { ...document, schema: { ...document.schema, hide: false } } : document,
      );
      const config = document.route.config as { access?: ResourceAccess } | undefined;
      if (out.schema && !out.schema.hide) {
        // Public operations say so (`security: []`); every other one needs the session's bearer token.
        const isPublic = accessOf(document.url, config) === 'public';
        (out.schema as Record<string, unknown>).security = isPublic ? [] : [{ bearerAuth: [] }];
      }
      return out;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, displayOperationId: true },
  });
};

export const openApiPlugin = fp(plugin, { name: 'openapi' });
