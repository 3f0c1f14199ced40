import { rolesApi, type Page, type RoleRow, type RoleSortColumn } from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** Every query of the roles screen lives under this key: a change refetches them all. */
export const rolesKey = ['roles'] as const;
export const rolePageKey = [...rolesKey, 'page'] as const;

/** The search bar's fields: a part of the name, a part of the code. */
export type RoleFilters = { roleName?: string; roleCode?: string };

/** GET one page of the acting tenant's roles (the page's list hook is `useListQuery`). */
export function fetchRolePage(
  params: ListParams<RoleFilters, RoleSortColumn>,
  signal?: AbortSignal,
): Promise<Page<RoleRow>> {
  return call(rolesApi.pageRoles, { query: params }, { signal });
}

/** After a change: the list and any open role's grants refetch. */
export function refreshRoles(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rolesKey });
}
