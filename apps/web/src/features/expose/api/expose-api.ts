import {
  exposeApi,
  tenantsApi,
  type CreateExposeRequest,
  type ExposeRow,
  type ExposeSortColumn,
  type ExposeStatusRequest,
  type Page,
  type TenantOption,
  type UpdateExposeRequest,
} from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type ExposeFilters = { keyword?: string };
export const exposeKey = ['expose'] as const;

/** GET the expose accounts of a tenant (sent as the `tenant-id` header; the server checks it). */
export function fetchExposePage(
  tenantId: number,
  params: ListParams<ExposeFilters, ExposeSortColumn>,
  signal?: AbortSignal,
): Promise<Page<ExposeRow>> {
  return call(exposeApi.pageExposeAccounts, { query: params }, { signal, tenantId });
}

/** GET the tenants a platform administrator may choose (others choose their own). */
export function fetchTenantChoices(signal?: AbortSignal): Promise<TenantOption[]> {
  return call(tenantsApi.listTenantOptions, {}, { signal });
}

export const createExpose = (tenantId: number, body: CreateExposeRequest) =>
  call(exposeApi.createExposeAccount, { body }, { tenantId });
export const updateExpose = (tenantId: number, body: UpdateExposeRequest) =>
  call(exposeApi.updateExposeAccount, { body }, { tenantId });
export const setExposeStatus = (tenantId: number, body: ExposeStatusRequest) =>
  call(exposeApi.setExposeAccountStatus, { body }, { tenantId });
export const deleteExpose = (tenantId: number, exposeId: number) =>
  call(exposeApi.deleteExposeAccount, { body: { exposeId } }, { tenantId });

export function refreshExpose(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: exposeKey });
}
