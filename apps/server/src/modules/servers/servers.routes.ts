import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

export const serversRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
