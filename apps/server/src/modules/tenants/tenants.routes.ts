import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

export const tenantsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
