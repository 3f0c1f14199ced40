import type {
  CreateTenantRequest,
  Page,
  TenantOption,
  TenantRow,
  TenantStatusRequest,
  UpdateTenantRequest,
} from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type TenantFilters = { keyword?: string; status?: number };

export const TENANT_EXPORT_PATH = 'system-server/tenant/export';
export const tenantsKey = ['tenants'] as const;

/** GET one page of the platform's tenants. */
export function fetchTenantPage(params: ListParams<TenantFilters>, signal?: AbortSignal): Promise<Page<TenantRow>> {
  return get<Page<TenantRow>>('system-server/tenant/page', { query: params, signal });
}

/** GET the enabled tenants (for choosing where to act). */
export function fetchTenantOptions(signal?: AbortSignal): Promise<TenantOption[]> {
  return get<TenantOption[]>('system-server/tenant/options', { signal });
}

export function createTenant(body: CreateTenantRequest): Promise<TenantRow> {
  return postJson<TenantRow>('system-server/tenant/create', body);
}

export function updateTenant(body: UpdateTenantRequest): Promise<null> {
  return postJson<null>('system-server/tenant/update', body);
}

export function setTenantStatus(body: TenantStatusRequest): Promise<null> {
  return postJson<null>('system-server/tenant/status', body);
}

/** After a change: the list and the tenant choices refetch. */
export function refreshTenants(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tenantsKey });
}
