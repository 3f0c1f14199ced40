import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

export const menusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
