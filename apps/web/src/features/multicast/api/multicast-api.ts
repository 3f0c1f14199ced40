import {
  multicastApi,
  type CreateMulticastRequest,
  type MulticastSortColumn,
  type UpdateMulticastRequest,
} from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type MulticastFilters = { keyword?: string };
export const multicastKey = ['multicast'] as const;

export function fetchMulticastPage(params: ListParams<MulticastFilters, MulticastSortColumn>, signal?: AbortSignal) {
  return call(multicastApi.pageMulticastConfigs, { query: params }, { signal });
}
export const createMulticast = (body: CreateMulticastRequest) => call(multicastApi.createMulticastConfig, { body });
export const updateMulticast = (body: UpdateMulticastRequest) => call(multicastApi.updateMulticastConfig, { body });
export const deleteMulticast = (multicastId: number) =>
  call(multicastApi.deleteMulticastConfig, { body: { multicastId } });

export function refreshMulticast(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: multicastKey });
}
