import type {
  CreateRoleRequest,
  GrantRoleRequest,
  Page,
  RoleGrants,
  RoleRow,
  UpdateRoleRequest,
} from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type RoleFilters = { keyword?: string };

export const rolesKey = ['roles'] as const;

/** GET one page of the acting tenant's roles. */
export function fetchRolePage(params: ListParams<RoleFilters>, signal?: AbortSignal): Promise<Page<RoleRow>> {
  return get<Page<RoleRow>>('system-server/role/page', { query: params, signal });
}

/** GET a role's menus and resources and what it may be given. */
export function fetchRoleGrants(roleId: number, signal?: AbortSignal): Promise<RoleGrants> {
  return get<RoleGrants>('system-server/role/grants', { query: { roleId }, signal });
}

export const createRole = (body: CreateRoleRequest) => postJson<RoleRow>('system-server/role/create', body);
export const updateRole = (body: UpdateRoleRequest) => postJson<null>('system-server/role/update', body);
export const deleteRole = (roleId: number) => postJson<null>('system-server/role/delete', { roleId });
export const grantRole = (body: GrantRoleRequest) => postJson<null>('system-server/role/grant', body);

/** After a change: the list and the grants refetch. */
export function refreshRoles(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rolesKey });
}
