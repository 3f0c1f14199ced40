import { z } from 'zod';
import { menuNode } from './menus.js';

/** GET system-server/user/get/home/date: the caller's menu tree (titles in the request's language) and who they are. */
export const homeData = z.object({
  menu: z.array(menuNode),
  loginUser: z.object({
    userId: z.number().int(),
    account: z.string(),
    username: z.string(),
    tenantId: z.number().int(),
    tenantName: z.string(),
    /** Identifies a seeded tenant, whose name each reader sees in their language (`seededText`). */
    tenantCode: z.string(),
    platformAdmin: z.boolean(),
    roles: z.array(z.object({ roleId: z.number().int(), roleName: z.string(), roleCode: z.string() })),
  }),
});
export type HomeData = z.infer<typeof homeData>;
