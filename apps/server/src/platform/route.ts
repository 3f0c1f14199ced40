import {
  envelopeA,
  envelopeB,
  errorEnvelope,
  type EnvelopeA,
  type EnvelopeB,
  type RouteDataInput,
  type RouteDescriptor,
  SUCCESS_CODE,
} from '@patrol/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  RouteHandlerMethod,
} from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { SUCCESS_MESSAGE } from './envelope.js';
import { z } from 'zod';
import { API_PREFIX } from './auth.js';
import { refuseHostileInput } from './hostile-input.js';

type Parsed<D, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** The request of a route, typed from its descriptor's schemas (after validation). */
export type RouteRequest<D extends RouteDescriptor> = FastifyRequest<{
  Params: Parsed<D, 'params'>;
  Querystring: Parsed<D, 'query'>;
  Body: Parsed<D, 'body'>;
}>;

/** What a handler answers: envelope A or B around the descriptor's data, or the reply of a file it sent. */
export type RouteAnswer<D extends RouteDescriptor> = D extends { envelope: 'file' }
  ? FastifyReply
  : D extends { envelope: 'B' }
    ? EnvelopeB<RouteDataInput<D>>
    : EnvelopeA<RouteDataInput<D>>;

/** The response schemas of a descriptor: its success (unless a file) and its error envelopes. */
export function responseSchemas(descriptor: RouteDescriptor): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  const data = descriptor.data ?? z.null();
  if (descriptor.envelope === 'B') out[200] = envelopeB(data);
  else if (descriptor.envelope !== 'file') out[200] = envelopeA(data);
  for (const status of new Set([...descriptor.errors, 422, 500])) out[status] = errorEnvelope;
  return out;
}

/**
 * The response serializer of every route: zod checks and encodes the answer like before, and the
 * JSON text of a success envelope (code 200, message `success`, nothing else) whose data is a
 * frozen object is kept beside that object, as UTF-8 bytes. A frozen object cannot change, so the
 * same object answers with the same bytes: a read served from a cache (home data, a users page) is
 * checked, encoded and turned into bytes once, not on every request (Fastify sends a Buffer as it
 * is). Anything else is serialized every time.
 */
export const cachingSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = zodSerializerCompiler(route);
  const texts = new WeakMap<object, Buffer>();
  return (payload) => {
    const data = isPlainSuccess(payload) ? payload.data : null;
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(payload);
    // Fastify writes a Buffer from a serializer as it is; its type only names strings.
    const known = texts.get(data) as unknown as string | undefined;
    if (known !== undefined) return known;
    const text = serialize(payload);
    texts.set(data, Buffer.from(text));
    return text;
  };
};

/**
 * Freezes a value and everything in it, for a read that is kept and answered many times: the
 * response serializer then keeps its JSON text (see `cachingSerializerCompiler`).
 */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

function isPlainSuccess(payload: unknown): payload is EnvelopeA<unknown> {
  if (payload === null || typeof payload !== 'object') return false;
  const envelope = payload as Partial<EnvelopeA<unknown>>;
  return envelope.code === SUCCESS_CODE && envelope.message === SUCCESS_MESSAGE && Object.keys(envelope).length === 3;
}

/**
 * Registers an API route (under /api) from its descriptor: method, path, access, OpenAPI text and
 * every schema come from the descriptor, so the handler is typed by it and cannot drift from what
 * the console calls.
 */
export function route<D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  handler: (request: RouteRequest<D>, reply: FastifyReply) => Promise<RouteAnswer<D>>,
): void {
  const { method, path, operationId, summary, description, tags, params, query, body } = descriptor;
  app.route({
    method,
    url: `${API_PREFIX}${path}`,
    config: { access: descriptor.access },
    schema: {
      operationId,
      summary,
      ...(description === undefined ? {} : { description }),
      tags: [...tags],
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      response: responseSchemas(descriptor),
    },
    // A body that is not an object and NUL characters are refused before the schemas run.
    preValidation: refuseHostileInput(body !== undefined),
    // Fastify types this with the route's whole schema; it is called with each response schema.
    serializerCompiler: cachingSerializerCompiler as FastifySerializerCompiler<unknown>,
    // The descriptor's schemas validate the request before the handler runs, so its types hold.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
