import { rolesApi, type GrantRoleRequest } from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import { rolesKey } from './get-role-page';

/** POST a role's whole set of menus and resources; it applies to its users' very next request. */
export const grantRole = (body: GrantRoleRequest) => call(rolesApi.grantRole, { body });

/**
 * After new grants: the roles screen refetches, and so does the side menu, in case the signed-in
 * user holds the role just changed.
 */
export function refreshAfterGrant(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rolesKey }),
    queryClient.invalidateQueries({ queryKey: ['home-data'] }),
  ]);
}
