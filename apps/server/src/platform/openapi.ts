import type { SwaggerOptions } from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION, errorEnvelope, menuAdminNode, menuNode, type ResourceAccess } from '@patrol/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from './auth.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The API's OpenAPI document (what /docs/json serves), made at its first request. */
    openApiDocument(): Promise<Record<string, unknown>>;
  }
}

export const DOCS_PREFIX = '/docs';

// Named components: the menu trees are recursive (a recursive schema without a name would refer to
// itself by a made-up name that resolves nowhere), and the error envelope is shared by every route.
if (!z.globalRegistry.has(menuNode)) z.globalRegistry.add(menuNode, { id: 'MenuNode' });
if (!z.globalRegistry.has(menuAdminNode)) z.globalRegistry.add(menuAdminNode, { id: 'MenuAdminNode' });
if (!z.globalRegistry.has(errorEnvelope)) z.globalRegistry.add(errorEnvelope, { id: 'ErrorEnvelope' });

const SWAGGER_OPTIONS: SwaggerOptions = {
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
};

/** What the documentation server needs of a route: where, how, and its schemas and access. */
const documented = (route: RouteOptions) => ({
  method: route.method,
  url: route.url,
  schema: route.schema,
  config: route.config,
  ...((route as { websocket?: boolean }).websocket ? { websocket: true } : {}),
  // Never a page of the documentation (the console's static files' route matches every path).
  handler: (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound(),
});

/**
 * A server of its own for the API's description: @fastify/swagger and the Swagger UI on the routes
 * the console registered, with their schemas. Made at the first request for it, so that a start
 * loads neither (with the YAML library and the UI's files) for a page few open.
 */
async function docsServer(routes: RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  // The schemas are only described here, never checked.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, SWAGGER_OPTIONS);
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, displayOperationId: true },
  });
  // HEAD routes are Fastify's own copies of the GET ones (and not in the document).
  for (const route of routes) if (route.method !== 'HEAD') docs.route(documented(route));
  await docs.ready();
  return docs;
}

/** Headers of the documentation server's answer that belong to its connection, not to the answer. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/**
 * OpenAPI generated from the routes' zod schemas (the contracts), served as JSON at /docs/json and
 * as Swagger UI at /docs. Routes that need a session are marked with the bearer scheme, public ones
 * with `security: []`. The routes are noted as they are registered; the document and the UI are made
 * by a documentation server at their first request, which the console's /docs routes then forward to.
 */
const plugin: FastifyPluginAsync = async (app) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const docsApp = () => {
    docs ??= docsServer(routes);
    // A failure is reported to its request; the next one tries again.
    docs.catch(() => (docs = null));
    return docs;
  };
  app.decorate('openApiDocument', async () => (await docsApp()).swagger() as unknown as Record<string, unknown>);
  app.addHook('onClose', async () => {
    await (await docs?.catch(() => null))?.close();
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const res = await (
      await docsApp()
    ).inject({
      // A HEAD request is Fastify's copy of the GET route: the answer's body is left out after it.
      method: 'GET',
      url: request.url,
      headers: request.headers,
    });
    // Not a page of the documentation: the console's own answer to an unknown path.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) void reply.header(name, value);
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  const hidden = { schema: { hide: true } };
  app.get(DOCS_PREFIX, hidden, forward);
  app.get(`${DOCS_PREFIX}/*`, hidden, forward);
};

export const openApiPlugin = fp(plugin, { name: 'openapi' });
