import type {
  CreateExposeRequest,
  ExposeRow,
  ExposeStatusRequest,
  Page,
  TenantOption,
  UpdateExposeRequest,
} from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type ExposeFilters = { keyword?: string };
export const exposeKey = ['expose'] as const;

/** GET the expose accounts of a tenant (sent as the `tenant-id` header; the server checks it). */
export function fetchExposePage(
  tenantId: number,
  params: ListParams<ExposeFilters>,
  signal?: AbortSignal,
): Promise<Page<ExposeRow>> {
  return get<Page<ExposeRow>>('system-server/expose/page', { query: params, signal, tenantId });
}

/** GET the tenants a platform administrator may choose (others choose their own). */
export function fetchTenantChoices(signal?: AbortSignal): Promise<TenantOption[]> {
  return get<TenantOption[]>('system-server/tenant/options', { signal });
}

export const createExpose = (tenantId: number, body: CreateExposeRequest) =>
  postJson<ExposeRow>('system-server/expose/create', body, { tenantId });
export const updateExpose = (tenantId: number, body: UpdateExposeRequest) =>
  postJson<null>('system-server/expose/update', body, { tenantId });
export const setExposeStatus = (tenantId: number, body: ExposeStatusRequest) =>
  postJson<null>('system-server/expose/status', body, { tenantId });
export const deleteExpose = (tenantId: number, exposeId: number) =>
  postJson<null>('system-server/expose/delete', { exposeId }, { tenantId });

export function refreshExpose(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: exposeKey });
}
