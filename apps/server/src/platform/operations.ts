import type { FastifyInstance } from 'fastify';
import { translate, type Language, type ResourceAccess } from '@patrol/contracts';
import { accessOf, API_PREFIX } from './auth.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * `false`: a plain HTTP route below `/api` that is no API call (the embedded media routes): not
     * a resource, not granted to roles, not in the operation texts.
     */
    resource?: false;
  }
}

/** The operationId of each API route by `METHOD /api/route`, filled while the routes are registered. */
export type OperationIndex = Map<string, string>;

/** An API route and method, as the resources table keeps it. */
export type ApiRoute = { route: string; method: string; description: string; access: ResourceAccess };

/**
 * Collects every API route while routes are registered (an `onRoute` hook, so no route can be
 * forgotten): its operationId into `operations`, and the route itself into the list returned.
 * Install it before any route.
 */
export function collectApiRoutes(app: FastifyInstance, operations: OperationIndex): ApiRoute[] {
  const collected: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith(`${API_PREFIX}/`) || route.config?.resource === false) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { summary?: string; operationId?: string } | undefined;
    for (const method of methods) {
      // HEAD answers like GET and is checked against the GET resource.
      if (method === 'HEAD') continue;
      if (schema?.operationId) operations.set(`${method} ${url}`, schema.operationId);
      collected.push({
        route: url,
        method,
        description: (schema?.summary ?? '').slice(0, 300),
        access: accessOf(url, route.config as { access?: ResourceAccess } | undefined),
      });
    }
  });
  return collected;
}

/**
 * What a route does, in a language (contracts `operations.<operationId>`), for the resources
 * page, the role permissions and the operation log; `fallback` (the OpenAPI summary) otherwise.
 */
export function operationText(
  index: OperationIndex,
  lang: Language,
  method: string,
  route: string,
  fallback: string,
): string {
  const id = index.get(`${method} ${route}`);
  if (!id) return fallback;
  const key = `operations.${id}`;
  const text = translate(lang, key);
  return text === key ? fallback : text;
}

/** The `METHOD route` keys whose text in `lang` holds `needle` (case-insensitive). */
export function operationsMatching(index: OperationIndex, lang: Language, needle: string): string[] {
  const wanted = needle.toLowerCase();
  return [...index.entries()]
    .filter(([, id]) => translate(lang, `operations.${id}`).toLowerCase().includes(wanted))
    .map(([key]) => key);
}
