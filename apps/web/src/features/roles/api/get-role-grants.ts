import { useQuery } from '@tanstack/react-query';
import { rolesApi, type RoleGrants } from '@patrol/contracts';
import { call } from '@/shared/api';
import { rolesKey } from './get-role-page';

export const roleGrantsKey = (roleId: number | undefined) => [...rolesKey, 'grants', roleId] as const;

/** GET a role's menus and resources, and everything it may be given in the acting tenant. */
export function fetchRoleGrants(roleId: number, signal?: AbortSignal): Promise<RoleGrants> {
  return call(rolesApi.getRoleGrants, { query: { roleId } }, { signal });
}

/** Always read afresh when the drawer opens: another administrator may have changed them. */
export function useRoleGrants(roleId: number | undefined) {
  return useQuery({
    queryKey: roleGrantsKey(roleId),
    queryFn: ({ signal }) => fetchRoleGrants(roleId!, signal),
    enabled: roleId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
