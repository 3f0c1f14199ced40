import type { CreateMulticastRequest, MulticastRow, Page, UpdateMulticastRequest } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type MulticastFilters = { keyword?: string };
export const multicastKey = ['multicast'] as const;

export function fetchMulticastPage(params: ListParams<MulticastFilters>, signal?: AbortSignal) {
  return get<Page<MulticastRow>>('robot-server/multicast/page', { query: params, signal });
}
export const createMulticast = (body: CreateMulticastRequest) =>
  postJson<MulticastRow>('robot-server/multicast/create', body);
export const updateMulticast = (body: UpdateMulticastRequest) =>
  postJson<MulticastRow>('robot-server/multicast/update', body);
export const deleteMulticast = (multicastId: number) =>
  postJson<null>('robot-server/multicast/delete', { multicastId });

export function refreshMulticast(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: multicastKey });
}
