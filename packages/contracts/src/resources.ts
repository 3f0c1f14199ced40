import { z } from 'zod';

/**
 * How a route may be called: `public` by anyone, `session` by any signed-in user, `grant` only by a
 * user one of whose roles is granted the resource (route + method), `platform` like `grant` but only
 * by platform administrators (tenants, menus, resources, configs, service list, robot migration):
 * such a resource is never granted to a role of another tenant.
 */
export const resourceAccess = z.enum(['public', 'session', 'grant', 'platform']);
export type ResourceAccess = z.infer<typeof resourceAccess>;

/** An API route registered as a resource at server start (spec section 3: route, method). */
export const resource = z.object({
  resourceId: z.number().int(),
  route: z.string(),
  method: z.string(),
  description: z.string(),
  access: resourceAccess,
});
export type Resource = z.infer<typeof resource>;

/** GET system-server/resource/list */
export const resourceList = z.array(resource);
