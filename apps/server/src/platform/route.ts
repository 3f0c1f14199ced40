import {
  envelopeA,
  envelopeB,
  errorEnvelope,
  type EnvelopeA,
  type EnvelopeB,
  type RouteDataInput,
  type RouteDescriptor,
} from '@patrol/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from './auth.js';

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
    // The descriptor's schemas validate the request before the handler runs, so its types hold.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
