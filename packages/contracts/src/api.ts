import type { z } from 'zod';
import type { ResourceAccess } from './resources.js';

export type HttpMethod = 'GET' | 'POST';

/** Error statuses a route may answer besides 422 and 500, which every route may. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** Error statuses of a route that needs a signed-in user. */
export const SESSION_ERRORS = [401, 403] as const;

/**
 * One API route, described once: the server registers it from this, OpenAPI documents it, and the
 * console calls it through it. The path is below the API base (`/api`).
 */
export type RouteDescriptor = {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: ResourceAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's `data`; none for a file. */
  data?: z.ZodType;
  /** Envelope A `{code, message, data}` unless `B` (updatePwd, spec section 7) or a `file` download. */
  envelope?: 'A' | 'B' | 'file';
  errors: readonly ErrorStatus[];
};

/** Keeps the descriptor's exact types (schemas, literals) for the server and the console. */
export function defineRoute<const D extends RouteDescriptor>(descriptor: D): D {
  return descriptor;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a route's `data` is, as the client receives it. */
export type RouteData<D extends RouteDescriptor> = D extends { data: infer S } ? Output<S> : undefined;
/** What a handler puts in `data`, before the response schema serialises it. */
export type RouteDataInput<D extends RouteDescriptor> = D extends { data: infer S } ? Input<S> : undefined;
/** What a caller sends: the schemas' input types (before defaults and transforms). */
export type RouteQuery<D extends RouteDescriptor> = D extends { query: infer S } ? Input<S> : undefined;
export type RouteBody<D extends RouteDescriptor> = D extends { body: infer S } ? Input<S> : undefined;
export type RouteParams<D extends RouteDescriptor> = D extends { params: infer S } ? Input<S> : undefined;

/** Fills `:name` segments of a path from `params`. */
export function routePath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
