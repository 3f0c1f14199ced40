import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
