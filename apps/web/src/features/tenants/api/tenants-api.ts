import {
  tenantsApi,
  type CreateTenantRequest,
  type Page,
  type SortRequest,
  type TenantOption,
  type TenantRow,
  type TenantSortColumn,
  type TenantStatusRequest,
  type UpdateTenantRequest,
} from '@patrol/contracts';
import { call, download, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type TenantFilters = { keyword?: string; status?: number };

export const tenantsKey = ['tenants'] as const;

/** GET one page of the platform's tenants. */
export function fetchTenantPage(
  params: ListParams<TenantFilters, TenantSortColumn>,
  signal?: AbortSignal,
): Promise<Page<TenantRow>> {
  return call(tenantsApi.pageTenants, { query: params }, { signal });
}

/** Downloads the filtered tenants, in the list's order, as `<fileName>.xlsx`. */
export function exportTenants(filters: TenantFilters & SortRequest<TenantSortColumn>, fileName: string): Promise<void> {
  return download(tenantsApi.exportTenants, { query: filters }, fileName);
}

/** GET the enabled tenants (for choosing where to act). */
export function fetchTenantOptions(signal?: AbortSignal): Promise<TenantOption[]> {
  return call(tenantsApi.listTenantOptions, {}, { signal });
}

export function createTenant(body: CreateTenantRequest): Promise<TenantRow> {
  return call(tenantsApi.createTenant, { body });
}

export function updateTenant(body: UpdateTenantRequest): Promise<null> {
  return call(tenantsApi.updateTenant, { body });
}

export function setTenantStatus(body: TenantStatusRequest): Promise<null> {
  return call(tenantsApi.setTenantStatus, { body });
}

/** After a change: the list and the tenant choices refetch. */
export function refreshTenants(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tenantsKey });
}
